package io.github.idgen.server.api;

import java.time.Duration;

import io.github.idgen.autoconfigure.web.IdUnavailableProblemHandler;
import io.github.idgen.codes.BusinessNumbersExhaustedException;
import io.github.idgen.codes.UnknownCodeException;
import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.segment.SegmentTagExhaustedException;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.snowflake.IdUnavailableException;
import io.github.idgen.snowflake.UnknownGeneratorException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error of the API as an RFC 9457 problem detail ({@code application/problem+json}): Spring
 * MVC's own (unknown path, wrong method, ...) through {@link ResponseEntityExceptionHandler}, and
 * idgen's: 400 bad parameter, 404 unknown tag, generator or code, 409 exhausted tag or code, 503 with
 * {@code Retry-After} when no id can be issued for now. Details tell the caller what it can act on; the operator's
 * explanation (hosts, tables, properties) goes to the log.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

	private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

	/** How long to wait after a store error: a segment loader retries within a second. */
	private static final Duration STORE_RETRY_AFTER = Duration.ofSeconds(1);

	@ExceptionHandler
	ResponseEntity<ProblemDetail> badParameter(BadParameterException ex) {
		ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "Bad parameter", ex.getMessage());
		problem.setProperty("parameter", ex.getParameter());
		return ResponseEntity.badRequest().body(problem);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> segmentsOff(SegmentsOffException ex) {
		return ResponseEntity.status(HttpStatus.NOT_FOUND).body(problem(HttpStatus.NOT_FOUND, "Unknown tag", ex.getMessage()));
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unknownTag(UnknownSegmentTagException ex) {
		ResponseEntity<ProblemDetail> answer = notFound("Unknown tag", "Segment tag", "tag", ex.getTag());
		String howToAdd = ex.getHowToAdd();
		if (howToAdd != null) {
			ProblemDetail problem = answer.getBody();
			problem.setDetail(problem.getDetail() + " The server's operator adds it with: " + howToAdd);
		}
		return answer;
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unknownGenerator(UnknownGeneratorException ex) {
		return notFound("Unknown generator", "Generator", "generator", ex.getName());
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unknownCode(UnknownCodeException ex) {
		return notFound("Unknown code", "Code", "code", ex.getName());
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> codeExhausted(BusinessNumbersExhaustedException ex) {
		ProblemDetail problem = problem(HttpStatus.CONFLICT, "Code exhausted", ex.getMessage());
		problem.setProperty("code", ex.getCode());
		problem.setProperty("tag", ex.getTag());
		return ResponseEntity.status(HttpStatus.CONFLICT).body(problem);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> exhausted(SegmentTagExhaustedException ex) {
		ProblemDetail problem = problem(HttpStatus.CONFLICT, "Tag exhausted", "Segment tag '" + ex.getTag()
				+ "' has handed out every id up to its max_limit_id " + ex.getMaxLimitId() + ".");
		problem.setProperty("tag", ex.getTag());
		problem.setProperty("maxLimitId", Long.toString(ex.getMaxLimitId()));
		return ResponseEntity.status(HttpStatus.CONFLICT).body(problem);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> storeFailed(SegmentStoreException ex) {
		return unavailable(ex.getMessage(), STORE_RETRY_AFTER);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> idUnavailable(IdUnavailableException ex) {
		return unavailable(ex.getMessage(), ex.getRetryAfter());
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> failed(RuntimeException ex) {
		log.error("Request failed", ex);
		return ResponseEntity.internalServerError()
			.body(problem(HttpStatus.INTERNAL_SERVER_ERROR, "Internal error", "The server failed; see its log."));
	}

	private static ResponseEntity<ProblemDetail> notFound(String title, String what, String property, String name) {
		ProblemDetail problem = problem(HttpStatus.NOT_FOUND, title, what + " '" + name + "' does not exist.");
		problem.setProperty(property, name);
		return ResponseEntity.status(HttpStatus.NOT_FOUND).body(problem);
	}

	private static ResponseEntity<ProblemDetail> unavailable(String reason, Duration retryAfter) {
		// every request of an outage ends here: the components that failed log it once themselves
		log.debug("Answered 503, retry after {}: {}", retryAfter, reason);
		return IdUnavailableProblemHandler.answer(retryAfter);
	}

	private static ProblemDetail problem(HttpStatus status, String title, String detail) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setTitle(title);
		return problem;
	}

}
