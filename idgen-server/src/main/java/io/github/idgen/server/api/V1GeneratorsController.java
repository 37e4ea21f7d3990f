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
 * Snowflake ids of a named generator ({@code xxx.common.generators.<name>.*}), as {@code /v1/ids}
 * serves the default one; an id is taken apart with that generator's layout. A name none has is a
 * 404, not the default generator: a caller of {@code /v1} gets the id space it asked for or none.
 */
@RestController
@RequestMapping("/v1/generators/{name}")
class V1GeneratorsController {

	private final Ids ids;

	V1GeneratorsController(Ids ids) {
		this.ids = ids;
	}

	@GetMapping(path = "/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(@PathVariable("name") String name, HttpServletRequest request) {
		return Long.toString(this.ids.namedGenerator(name, request).idService().nextId());
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@PathVariable("name") String name,
			@RequestParam(name = "count", required = false) @Nullable String count, HttpServletRequest request) {
		int num = Parameters.count(count);
		return Ids.strings(this.ids.namedGenerator(name, request).idService().nextIds(num));
	}

	@GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	IdDetails decompose(@PathVariable("name") String name, @PathVariable("id") String id,
			HttpServletRequest request) {
		return IdDetails.decode(this.ids.namedGenerator(name, request).layout(), id);
	}

}
