package io.github.idgen.sample;

import java.util.Collection;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import io.github.idgen.sample.IdController.IdDetails;
import io.github.idgen.shard.ShardParameters;
import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves the ids of the named generators ({@code xxx.common.generators.<name>.*}): one as plain text,
 * a batch as JSON strings, and any id taken apart with its generator's layout. An unknown name is 404.
 * A generator with shard bits takes {@code ?shard=} or {@code ?key=}.
 */
@RestController
@RequestMapping("/generators")
class GeneratorController {

	private final IdGenerators generators;

	GeneratorController(IdGenerators generators) {
		this.generators = generators;
	}

	@GetMapping(path = "/{name}/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(@PathVariable("name") String name, HttpServletRequest request) {
		IdService generator = this.generators.get(name);
		Integer shardOfId = shard(generator, name, request);
		return Long.toString((shardOfId != null) ? ((ShardedIdService) generator).nextId(shardOfId) : generator.nextId());
	}

	@GetMapping(path = "/{name}", produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@PathVariable("name") String name,
			@RequestParam(name = "count", required = false) @Nullable String count, HttpServletRequest request) {
		int num = IdController.parseCount(count);
		IdService generator = this.generators.get(name);
		Integer shardOfIds = shard(generator, name, request);
		Collection<Long> ids = (shardOfIds != null) ? ((ShardedIdService) generator).nextIds(shardOfIds, num)
				: generator.nextIds(num);
		return ids.stream().map(String::valueOf).toList();
	}

	/**
	 * The shard a request asks for, null for a generator whose ids carry none. Read from the request,
	 * where a repeated parameter shows: bound to a {@code String}, Spring MVC joins its values with commas.
	 */
	private static @Nullable Integer shard(IdService generator, String name, HttpServletRequest request) {
		int shardBits = (generator instanceof ShardedIdService sharded) ? sharded.shardBits() : 0;
		return ShardParameters.shard(request.getParameterValues("shard"), request.getParameterValues("key"), shardBits,
				"generator '" + name + "'");
	}

	@GetMapping(path = "/{name}/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	IdDetails decompose(@PathVariable("name") String name, @PathVariable("id") String id) {
		return IdController.decompose(this.generators.layout(name), IdController.parseLong(id, "id", 0));
	}

}
