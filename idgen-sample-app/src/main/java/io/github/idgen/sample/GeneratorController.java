package io.github.idgen.sample;

import java.util.List;

import io.github.idgen.sample.IdController.IdDetails;
import io.github.idgen.snowflake.IdGenerators;
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
 */
@RestController
@RequestMapping("/generators")
class GeneratorController {

	private final IdGenerators generators;

	GeneratorController(IdGenerators generators) {
		this.generators = generators;
	}

	@GetMapping(path = "/{name}/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(@PathVariable("name") String name) {
		return Long.toString(this.generators.get(name).nextId());
	}

	@GetMapping(path = "/{name}", produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@PathVariable("name") String name,
			@RequestParam(name = "count", required = false) @Nullable String count) {
		int num = IdController.parseCount(count);
		return this.generators.get(name).nextIds(num).stream().map(String::valueOf).toList();
	}

	@GetMapping(path = "/{name}/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	IdDetails decompose(@PathVariable("name") String name, @PathVariable("id") String id) {
		return IdController.decompose(this.generators.layout(name), IdController.parseLong(id, "id", 0));
	}

}
