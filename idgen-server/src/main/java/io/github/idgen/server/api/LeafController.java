package io.github.idgen.server.api;

import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Meituan Leaf's HTTP API, so that a Leaf client changes only its base URL (and adds a token): on
 * success 200 with the id in decimal as {@code text/plain}, whatever the method and the
 * {@code Accept} header, as Leaf answers; on failure a status other than 200 (where Leaf answers 500
 * to everything, here 404 unknown tag, 409 exhausted, 503 unavailable, 401/403 token).
 */
@RestController
@RequestMapping("/api")
class LeafController {

	/** Leaf's Content-Type, made once: every id answer carries it. */
	private static final HttpHeaders TEXT_PLAIN_UTF8 = textPlainUtf8();

	private final Ids ids;

	LeafController(Ids ids) {
		this.ids = ids;
	}

	@RequestMapping("/segment/get/{key}")
	ResponseEntity<String> segment(@PathVariable("key") String key, HttpServletRequest request) {
		// Leaf's {key} is the tag; ?key= is the text whose shard the id carries, as on /v1
		return text(this.ids.segmentId(key, request));
	}

	@RequestMapping("/snowflake/get/{key}")
	ResponseEntity<String> snowflake(@PathVariable("key") String key, HttpServletRequest request) {
		return text(Ids.nextId(this.ids.generator(key, request), request));
	}

	private static ResponseEntity<String> text(long id) {
		return new ResponseEntity<>(Long.toString(id), TEXT_PLAIN_UTF8, HttpStatus.OK);
	}

	private static HttpHeaders textPlainUtf8() {
		HttpHeaders headers = new HttpHeaders();
		headers.setContentType(new MediaType(MediaType.TEXT_PLAIN, StandardCharsets.UTF_8));
		return HttpHeaders.readOnlyHttpHeaders(headers);
	}

}
