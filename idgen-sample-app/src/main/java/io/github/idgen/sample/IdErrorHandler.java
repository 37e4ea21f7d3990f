package io.github.idgen.sample;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.shard.ShardParameters.BadShardParameterException;
import io.github.idgen.snowflake.ClockMovedBackwardsException;
import io.github.idgen.snowflake.UnknownGeneratorException;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Maps the exceptions of the id endpoints (and the bad parameters of the segment endpoints) to JSON
 * answers; a generator name none has is 404. An instance that cannot issue ids for now
 * (its worker id lease is unconfirmed, or the clock stepped back) answers 503 with
 * {@code Retry-After}, so that clients and load balancers retry, possibly on another instance.
 */
@RestControllerAdvice(assignableTypes = { IdController.class, OpaqueIdController.class, SegmentController.class,
		GeneratorController.class, CodeController.class })
class IdErrorHandler {

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> badParameter(BadParameterException ex) {
		return badRequest(ex.getParameter(), ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> badShardParameter(BadShardParameterException ex) {
		return badRequest(ex.getParameter(), ex.getMessage());
	}

	private static ResponseEntity<Map<String, Object>> badRequest(String parameter, @Nullable String message) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("error", "bad_request");
		body.put("parameter", parameter);
		body.put("message", message);
		return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_JSON).body(body);
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> unknownGenerator(UnknownGeneratorException ex) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("error", "not_found");
		body.put("generator", ex.getName());
		body.put("message", ex.getMessage());
		return ResponseEntity.status(HttpStatus.NOT_FOUND).contentType(MediaType.APPLICATION_JSON).body(body);
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> leaseUnavailable(WorkerIdLeaseUnavailableException ex) {
		// the lease is usually confirmed within the wait timeout of the next request
		return serviceUnavailable("worker_id_lease_unavailable", ex.getMessage(), 1);
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> clockMovedBackwards(ClockMovedBackwardsException ex) {
		// no id until the clock is past the last millisecond issued in
		long seconds = Math.max(1, (ex.getBackwardsMillis() + 999) / 1000);
		return serviceUnavailable("clock_moved_backwards", ex.getMessage(), seconds);
	}

	static ResponseEntity<Map<String, Object>> serviceUnavailable(String reason, String message,
			long retryAfterSeconds) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("error", "service_unavailable");
		body.put("reason", reason);
		body.put("message", message);
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds))
			.contentType(MediaType.APPLICATION_JSON)
			.body(body);
	}

}
