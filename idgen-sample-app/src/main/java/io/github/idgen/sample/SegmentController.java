package io.github.idgen.sample;

import java.util.List;

import io.github.idgen.segment.SegmentIdServices;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves segment ids per business tag: one as plain text, a batch as JSON strings.
 */
@RestController
@RequestMapping("/segments")
@ConditionalOnBooleanProperty("xxx.common.segment-enabled")
class SegmentController {

	private final SegmentIdServices services;

	SegmentController(SegmentIdServices services) {
		this.services = services;
	}

	@GetMapping(path = "/{tag}/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(@PathVariable("tag") String tag) {
		return Long.toString(this.services.forTag(tag).nextId());
	}

	@GetMapping(path = "/{tag}", produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@PathVariable("tag") String tag,
			@RequestParam(name = "count", required = false) @Nullable String count) {
		int num = IdController.parseCount(count);
		return this.services.forTag(tag).nextIds(num).stream().map(String::valueOf).toList();
	}

}
