package io.github.idgen.server.web;

import java.net.URI;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The error page ({@code /error}) as a problem detail, in place of Spring Boot's own JSON: what the
 * servlet container answers by itself (TRACE, which Tomcat refuses) and errors that filters send end
 * here, and they answer as every other error of the API does. The detail names the status only, never
 * the container's message, which may repeat the request.
 */
@RestController
@RequestMapping("${server.error.path:${error.path:/error}}")
class ProblemErrorController implements ErrorController {

	@RequestMapping(produces = MediaType.APPLICATION_PROBLEM_JSON_VALUE)
	ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
		HttpStatus status = status(request);
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail(status));
		problem.setTitle(status.getReasonPhrase());
		URI instance = instance(request);
		if (instance != null) {
			problem.setInstance(instance);
		}
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

	private static HttpStatus status(HttpServletRequest request) {
		Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
		HttpStatus status = (code instanceof Integer value) ? HttpStatus.resolve(value) : null;
		return (status != null && status.isError()) ? status : HttpStatus.INTERNAL_SERVER_ERROR;
	}

	static String detail(HttpStatus status) {
		return switch (status) {
			case BAD_REQUEST -> "The request is malformed, or its URL or a header holds what this server never accepts.";
			case NOT_FOUND -> "No such resource.";
			case METHOD_NOT_ALLOWED -> "The method is not allowed here; the Allow header names those that are.";
			case INTERNAL_SERVER_ERROR -> "The server failed; see its log.";
			default -> "The request failed: " + status.getReasonPhrase() + ".";
		};
	}

	/** The path asked for, without its query (which may hold a token). */
	private static @Nullable URI instance(HttpServletRequest request) {
		Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
		if (!(uri instanceof String path)) {
			return null;
		}
		try {
			return URI.create(path);
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

}
