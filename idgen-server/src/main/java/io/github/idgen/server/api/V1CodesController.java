package io.github.idgen.server.api;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import io.github.idgen.codes.BusinessNumbers;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Business numbers of a code ({@code xxx.common.codes.<name>.*}): one as text, a batch as JSON
 * strings. The path variable is {@code tag} because a token's tag list names codes too.
 */
@RestController
@RequestMapping("/v1/codes/{tag}")
class V1CodesController {

	private final Ids ids;

	V1CodesController(Ids ids) {
		this.ids = ids;
	}

	@GetMapping(path = "/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(@PathVariable("tag") String name, HttpServletRequest request) {
		return code(name, request).next();
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@PathVariable("tag") String name,
			@RequestParam(name = "count", required = false) @Nullable String count, HttpServletRequest request) {
		int num = Parameters.count(count);
		return code(name, request).next(num);
	}

	private BusinessNumbers code(String name, HttpServletRequest request) {
		BusinessNumbers code = this.ids.code(name, request);
		Parameters.noShard(request, "The business numbers of code '" + name + "' carry no shard");
		return code;
	}

}
