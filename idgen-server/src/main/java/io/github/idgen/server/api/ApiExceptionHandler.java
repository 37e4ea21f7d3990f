package io.github.idgen.server.api;

import java.time.Duration;

import io.github.idgen.autoconfigure.web.IdUnavailableProblemHandler;
import io.github.idgen.codes.BusinessNumbersExhaustedException;
import io.github.idgen.codes.UnknownCodeException;
import io.github.idgen.info.Documentation;
import io.github.idgen.segment.SegmentCompositionChangedException;
import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.segment.SegmentTagExhaustedException;
import io.github.idgen.segment.SegmentTagRefusedException;
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
 * idgen's: 400 bad parameter, 404 unknown tag, generator or code, 409 exhausted tag or code and a tag
 * this server refused for good, 503 with {@code Retry-After} when no id can be issued for now. Details
 * tell the caller what it can act on; the operator's explanation (hosts, tables, properties) goes to
 * the log.
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
		ProblemDetail problem = problem(HttpStatus.NOT_FOUND, "Unknown tag", ex.getMessage());
		problem.setProperty("tag", ex.getTag());
		return ResponseEntity.status(HttpStatus.NOT_FOUND).body(problem);
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

	/** A tag to create that exists with other settings: the answer names each of them. */
	@ExceptionHandler
	ResponseEntity<ProblemDetail> tagExists(TagExistsException ex) {
		ProblemDetail problem = problem(HttpStatus.CONFLICT, "Tag exists with other settings", ex.getMessage());
		problem.setProperty("tag", ex.getTag());
		problem.setProperty("differences", ex.getDifferences());
		return ResponseEntity.status(HttpStatus.CONFLICT).body(problem);
	}

	/** Its detail is the store's reason: only a token allowed to manage, its operator's, gets here. */
	@ExceptionHandler
	ResponseEntity<ProblemDetail> tagNotCreatable(TagNotCreatableException ex) {
		ProblemDetail problem = problem(HttpStatus.CONFLICT, "Tag cannot be created", ex.getMessage());
		problem.setProperty("tag", ex.getTag());
		log.warn("Segment tag '{}' not created: {}", ex.getTag(), ex.getMessage());
		return ResponseEntity.status(HttpStatus.CONFLICT).body(problem);
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

	/**
	 * A tag this server refused for the rest of its life: 409 like an exhausted tag, not 503, since
	 * neither waiting nor another try ends it, only the operator (a 503 would have callers retry, and
	 * a server started after the change, which does not refuse, may be the one whose ids repeat).
	 * Not logged: the segment service logged it once, when it refused the tag.
	 */
	@ExceptionHandler
	ResponseEntity<ProblemDetail> refused(SegmentTagRefusedException ex) {
		String why = (ex instanceof SegmentCompositionChangedException)
				? "its composition (business id, business bits, shard bits) changed while this server issued its ids,"
						+ " and changing a tag's composition is a migration: the server's operator follows it"
						+ " (" + Documentation.section("segments.md", "composed-ids-business-id-and-shard")
						+ ") and restarts the server."
				: "its store handed out ids below ids this server had already issued (it lost committed"
						+ " allocations); the server's operator repairs the tag's record and restarts the server.";
		ProblemDetail problem = problem(HttpStatus.CONFLICT, "Tag refused",
				"Segment tag '" + ex.getTag() + "' is refused by this server until it restarts: " + why);
		problem.setProperty("tag", ex.getTag());
		log.debug("Answered 409: {}", ex.getMessage());
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
