package io.github.idgen.sample;

import java.util.Collection;
import java.util.List;

import io.github.idgen.sample.IdController.IdDetails;
import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.shard.Shards;
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
	String next(@PathVariable("name") String name,
			@RequestParam(name = "shard", required = false) @Nullable String shard,
			@RequestParam(name = "key", required = false) @Nullable String key) {
		IdService generator = this.generators.get(name);
		Integer shardOfId = shard(generator, name, shard, key);
		return Long.toString((shardOfId != null) ? ((ShardedIdService) generator).nextId(shardOfId) : generator.nextId());
	}

	@GetMapping(path = "/{name}", produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@PathVariable("name") String name,
			@RequestParam(name = "count", required = false) @Nullable String count,
			@RequestParam(name = "shard", required = false) @Nullable String shard,
			@RequestParam(name = "key", required = false) @Nullable String key) {
		int num = IdController.parseCount(count);
		IdService generator = this.generators.get(name);
		Integer shardOfIds = shard(generator, name, shard, key);
		Collection<Long> ids = (shardOfIds != null) ? ((ShardedIdService) generator).nextIds(shardOfIds, num)
				: generator.nextIds(num);
		return ids.stream().map(String::valueOf).toList();
	}

	/**
	 * Reads {@code ?shard=} (a number) and {@code ?key=} (a text whose CRC-32 picks the shard): one of them
	 * for a generator whose ids carry a shard, neither for one whose ids do not.
	 * @return the shard, or null for ids without one
	 * @throws BadParameterException naming the parameter otherwise
	 */
	private static @Nullable Integer shard(IdService generator, String name, @Nullable String shard,
			@Nullable String key) {
		int shardBits = (generator instanceof ShardedIdService sharded) ? sharded.shardBits() : 0;
		if (shardBits == 0) {
			if (shard != null || key != null) {
				String parameter = (shard != null) ? "shard" : "key";
				throw new BadParameterException(parameter,
						"The ids of generator '" + name + "' carry no shard, so leave out ?" + parameter + "=");
			}
			return null;
		}
		if (shard != null && key != null) {
			throw new BadParameterException("shard", "Give ?shard= or ?key=, not both");
		}
		if (key != null) {
			return Shards.ofKey(key, shardBits);
		}
		int maxShard = (1 << shardBits) - 1;
		if (shard == null) {
			throw new BadParameterException("shard", "The ids of generator '" + name + "' carry a shard: give ?shard= (0 to "
					+ maxShard + ") or ?key=");
		}
		long value = IdController.parseLong(shard, "shard", 0);
		if (value > maxShard) {
			throw new BadParameterException("shard", "shard must be from 0 to " + maxShard + ", was " + value);
		}
		return (int) value;
	}

	@GetMapping(path = "/{name}/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	IdDetails decompose(@PathVariable("name") String name, @PathVariable("id") String id) {
		return IdController.decompose(this.generators.layout(name), IdController.parseLong(id, "id", 0));
	}

}
