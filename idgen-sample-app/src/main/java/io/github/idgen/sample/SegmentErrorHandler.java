package io.github.idgen.sample;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.codes.BusinessNumbersExhaustedException;
import io.github.idgen.codes.UnknownCodeException;
import io.github.idgen.segment.SegmentIdsUnavailableException;
import io.github.idgen.segment.SegmentTagExhaustedException;
import io.github.idgen.segment.SegmentTagRefusedException;
import io.github.idgen.segment.UnknownSegmentTagException;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Maps the failures of the segment and code endpoints: an unknown tag or code is 404; a tag whose
 * store is unreachable with nothing left in memory is 503 with {@code Retry-After}; an exhausted tag is
 * 409 until an operator raises its {@code max_limit_id}, a code whose period ran out of numbers 409
 * until the next period, and a tag this instance refused for good (its composition changed, or its
 * store went back) 409 until an operator repaired it and restarted the instance: waiting does not end
 * it, so it is no 503. Not logged here: the segment service logged the refusal once.
 */
@RestControllerAdvice(assignableTypes = { SegmentController.class, CodeController.class })
class SegmentErrorHandler {

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> unknownTag(UnknownSegmentTagException ex) {
		return error(HttpStatus.NOT_FOUND, "not_found", "tag", ex.getTag(), ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> exhausted(SegmentTagExhaustedException ex) {
		return error(HttpStatus.CONFLICT, "tag_exhausted", "tag", ex.getTag(), ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> refused(SegmentTagRefusedException ex) {
		return error(HttpStatus.CONFLICT, "tag_refused", "tag", ex.getTag(), ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> unknownCode(UnknownCodeException ex) {
		return error(HttpStatus.NOT_FOUND, "not_found", "code", ex.getName(), ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> codeExhausted(BusinessNumbersExhaustedException ex) {
		return error(HttpStatus.CONFLICT, "code_exhausted", "code", ex.getCode(), ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> unavailable(SegmentIdsUnavailableException ex) {
		return IdErrorHandler.serviceUnavailable("segment_store_unavailable", ex.getMessage(),
				ex.getRetryAfter().toSeconds());
	}

	private static ResponseEntity<Map<String, Object>> error(HttpStatus status, String error, String subject,
			String name, String message) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("error", error);
		body.put(subject, name);
		body.put("message", message);
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
	}

}
