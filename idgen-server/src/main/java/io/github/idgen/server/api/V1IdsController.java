package io.github.idgen.server.api;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Snowflake ids of the default generator: one as text, a batch as JSON strings (JavaScript numbers
 * lose precision above 2^53), and an id taken apart with the default layout. Its ids carry no shard,
 * so {@code ?shard=} and {@code ?key=} are refused rather than ignored.
 */
@RestController
@RequestMapping("/v1/ids")
class V1IdsController {

	private final Ids ids;

	V1IdsController(Ids ids) {
		this.ids = ids;
	}

	@GetMapping(path = "/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(HttpServletRequest request) {
		return Long.toString(Ids.nextId(this.ids.defaultGenerator(request), request));
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@RequestParam(name = "count", required = false) @Nullable String count,
			HttpServletRequest request) {
		int num = Parameters.count(count);
		Generators.Generator generator = this.ids.defaultGenerator(request);
		return Ids.strings(generator.nextIds(Parameters.shard(request, generator.shardBits(), generator.what()), num));
	}

	@GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	IdDetails decompose(@PathVariable("id") String id, HttpServletRequest request) {
		return IdDetails.decode(this.ids.defaultGenerator(request).layout(), id);
	}

}
