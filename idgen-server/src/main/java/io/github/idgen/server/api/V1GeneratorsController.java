package io.github.idgen.server.api;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Snowflake ids of a named generator ({@code xxx.common.generators.<name>.*}), as {@code /v1/ids}
 * serves the default one; an id is taken apart with that generator's layout. A name none has is a
 * 404, not the default generator: a caller of {@code /v1} gets the id space it asked for or none.
 * A generator with shard bits needs {@code ?shard=} or {@code ?key=} ({@link Parameters#shard}, which
 * reads them from the request, where a repeated one shows); one without refuses them.
 */
@RestController
@RequestMapping("/v1/generators/{name}")
class V1GeneratorsController {

	private final Ids ids;

	V1GeneratorsController(Ids ids) {
		this.ids = ids;
	}

	@GetMapping(path = "/next", produces = MediaType.TEXT_PLAIN_VALUE)
	@Parameter(name = "shard", in = ParameterIn.QUERY, description = Parameters.SHARD_DESCRIPTION,
			schema = @Schema(type = "string"))
	@Parameter(name = "key", in = ParameterIn.QUERY, description = Parameters.KEY_DESCRIPTION,
			schema = @Schema(type = "string"))
	String next(@PathVariable("name") String name, HttpServletRequest request) {
		return Long.toString(Ids.nextId(this.ids.namedGenerator(name, request), request));
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	@Parameter(name = "shard", in = ParameterIn.QUERY, description = Parameters.SHARD_DESCRIPTION,
			schema = @Schema(type = "string"))
	@Parameter(name = "key", in = ParameterIn.QUERY, description = Parameters.KEY_DESCRIPTION,
			schema = @Schema(type = "string"))
	List<String> batch(@PathVariable("name") String name,
			@RequestParam(name = "count", required = false) @Nullable String count, HttpServletRequest request) {
		int num = Parameters.count(count);
		Generators.Generator generator = this.ids.namedGenerator(name, request);
		Integer shardOfIds = Parameters.shard(request, generator.shardBits(), generator.what());
		return Ids.strings(generator.nextIds(shardOfIds, num));
	}

	@GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	IdDetails decompose(@PathVariable("name") String name, @PathVariable("id") String id,
			HttpServletRequest request) {
		return IdDetails.decode(this.ids.namedGenerator(name, request).layout(), id);
	}

}
