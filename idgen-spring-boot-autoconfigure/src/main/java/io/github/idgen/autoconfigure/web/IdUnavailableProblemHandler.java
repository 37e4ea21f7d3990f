package io.github.idgen.autoconfigure.web;

import java.time.Duration;

import io.github.idgen.snowflake.IdUnavailableException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

/**
 * Answers an {@link IdUnavailableException} that reached the web layer with {@code 503 Service
 * Unavailable}, a {@code Retry-After} header and an RFC 9457 problem detail, instead of a 500, so
 * that clients and load balancers retry, possibly on another instance. Last in order: the
 * application's own exception handlers come first.
 */
@ControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class IdUnavailableProblemHandler {

	private static final Log logger = LogFactory.getLog(IdUnavailableProblemHandler.class);

	/**
	 * Answers the exception.
	 * @param ex why no id could be issued
	 * @return the 503 answer
	 */
	@ExceptionHandler
	public ResponseEntity<ProblemDetail> idUnavailable(IdUnavailableException ex) {
		// the exception's message is for operators (it names hosts, paths and properties): log it,
		// and give the client only what it can act on
		logger.warn("Answered 503, retry after " + ex.getRetryAfter() + ": " + ex.getMessage());
		return answer(ex.getRetryAfter());
	}

	/**
	 * Builds the 503 answer to a caller that got no id: {@code Retry-After} in whole seconds, rounded
	 * up, and a problem detail that says only that, never why.
	 * @param retryAfter how long until a retry may succeed
	 * @return the answer
	 */
	public static ResponseEntity<ProblemDetail> answer(Duration retryAfter) {
		// rounded up: retrying early would most likely fail again
		long seconds = Math.max(1, retryAfter.plusMillis(999).toSeconds());
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
				"No id can be issued right now. Retry after " + seconds + " s.");
		problem.setTitle("Id unavailable");
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, Long.toString(seconds))
			.body(problem);
	}

}
