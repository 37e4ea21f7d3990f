package io.github.idgen.sample;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.codes.BusinessNumbers;
import io.github.idgen.codes.Codes;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves business numbers per code ({@code xxx.common.codes.<name>.*}): one as plain text, a batch as
 * a JSON array of strings.
 */
@RestController
@RequestMapping("/codes")
@ConditionalOnSwitch("xxx.common.segment-enabled")
class CodeController {

	private final Codes codes;

	CodeController(Codes codes) {
		this.codes = codes;
	}

	@GetMapping(path = "/{name}/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(@PathVariable("name") String name, HttpServletRequest request) {
		return code(name, request).next();
	}

	@GetMapping(path = "/{name}", produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@PathVariable("name") String name,
			@RequestParam(name = "count", required = false) @Nullable String count, HttpServletRequest request) {
		return code(name, request).next(IdController.parseCount(count));
	}

	private BusinessNumbers code(String name, HttpServletRequest request) {
		BusinessNumbers code = this.codes.get(name);
		IdController.noShard(request, "The business numbers of code '" + name + "' carry no shard");
		return code;
	}

}
