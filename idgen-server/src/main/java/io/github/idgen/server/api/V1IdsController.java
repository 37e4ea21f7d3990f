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
 * lose precision above 2^53), and an id taken apart with the default layout.
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
		return Long.toString(this.ids.defaultGenerator(request).idService().nextId());
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@RequestParam(name = "count", required = false) @Nullable String count,
			HttpServletRequest request) {
		int num = Parameters.count(count);
		return Ids.strings(this.ids.defaultGenerator(request).idService().nextIds(num));
	}

	@GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	IdDetails decompose(@PathVariable("id") String id, HttpServletRequest request) {
		return IdDetails.decode(this.ids.defaultGenerator(request).layout(), id);
	}

}
