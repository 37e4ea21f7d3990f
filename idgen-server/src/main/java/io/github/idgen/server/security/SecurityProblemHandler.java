package io.github.idgen.server.security;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authorization.AuthorizationDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * 401 and 403 as problem details, with {@code WWW-Authenticate: Bearer} on 401 (RFC 6750). Reached
 * through {@link ProblemResponses} from the security filters. The answers never repeat the token.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class SecurityProblemHandler {

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unauthorized(AuthenticationException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNAUTHORIZED,
				"A valid token is needed: send 'Authorization: Bearer <token>' (the /api/* endpoints also take ?token=<token>).");
		problem.setTitle("Unauthorized");
		return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
			.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"idgen\"")
			.body(problem);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> forbidden(AccessDeniedException ex) {
		ProblemDetail problem = ProblemDetail.forStatus(HttpStatus.FORBIDDEN);
		problem.setTitle("Forbidden");
		if (ex instanceof AuthorizationDeniedException denied
				&& denied.getAuthorizationResult() instanceof TagAccess.TagDenied tagDenied) {
			problem.setDetail("Token '" + tagDenied.caller() + "' may not use tag '" + tagDenied.tag() + "'.");
			problem.setProperty("tag", tagDenied.tag());
		}
		else {
			problem.setDetail("This token may not use this endpoint.");
		}
		return ResponseEntity.status(HttpStatus.FORBIDDEN).body(problem);
	}

}
