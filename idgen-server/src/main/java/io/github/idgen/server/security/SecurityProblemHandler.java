package io.github.idgen.server.security;

import java.util.TreeSet;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authorization.AuthorizationDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * 401 and 403 as problem details, with {@code WWW-Authenticate: Bearer} on 401 (RFC 6750), and what
 * the firewall refused as 400 or 405. Reached through {@link ProblemResponses} and
 * {@link RejectedRequests} from the security filters. The answers never repeat the token.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class SecurityProblemHandler {

	/** What every 401 says, and how to send a token. */
	static final String TOKEN_NEEDED = "A valid token is needed: send 'Authorization: Bearer <token>' (the /api/*"
			+ " endpoints also take ?token=<token>, percent-encoded: a '+' sent as it is arrives as a space).";

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unauthorized(AuthenticationException ex) {
		String detail = (ex instanceof UnencodedQueryTokenException)
				? "A valid token is needed: the token of ?token= matches one only with its spaces read as '+'. A '+'"
						+ " sent as it is in a query arrives as a space: percent-encode the token (each '+' as %2B),"
						+ " or send it as 'Authorization: Bearer <token>'."
				: TOKEN_NEEDED;
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNAUTHORIZED, detail);
		problem.setTitle("Unauthorized");
		return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
			.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"idgen\"")
			.body(problem);
	}

	/**
	 * What the firewall refused ({@link RejectedRequests}): its message is not repeated, since it may
	 * quote a header.
	 */
	@ExceptionHandler
	ResponseEntity<ProblemDetail> rejected(RequestRejectedException ex, HttpServletRequest request) {
		if (!RejectedRequests.isAllowedMethod(request)) {
			ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.METHOD_NOT_ALLOWED,
					"The method is not allowed here; the Allow header names those that are.");
			problem.setTitle(HttpStatus.METHOD_NOT_ALLOWED.getReasonPhrase());
			return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
				.header(HttpHeaders.ALLOW, String.join(", ", RejectedRequests.ALLOWED_METHODS))
				.body(problem);
		}
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, "The request was refused: its"
				+ " URL or a header holds what this server never accepts (such as an encoded '/', '.' or '%', '//', ';'"
				+ " or a character that is not printable).");
		problem.setTitle(HttpStatus.BAD_REQUEST.getReasonPhrase());
		return ResponseEntity.badRequest().body(problem);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> forbidden(AccessDeniedException ex) {
		ProblemDetail problem = ProblemDetail.forStatus(HttpStatus.FORBIDDEN);
		problem.setTitle("Forbidden");
		if (ex instanceof AuthorizationDeniedException denied
				&& denied.getAuthorizationResult() instanceof TagAccess.TagDenied tagDenied) {
			String code = tagDenied.code();
			problem.setDetail("Token '" + tagDenied.caller() + "' may not use tag '" + tagDenied.tag() + "'"
					+ ((code != null) ? ", which code '" + code + "' draws from." : "."));
			problem.setProperty("tag", tagDenied.tag());
			if (code != null) {
				problem.setProperty("code", code);
			}
		}
		else if (ex instanceof AuthorizationDeniedException denied
				&& denied.getAuthorizationResult() instanceof TagAccess.ManageDenied manageDenied) {
			problem.setDetail("Token '" + manageDenied.caller() + "' may not create tags: that needs a token with"
					+ " manage=true (idgen.server.tokens[n].manage).");
		}
		else if (ex instanceof AuthorizationDeniedException denied
				&& denied.getAuthorizationResult() instanceof ManageAccess.LimitedDenied limited) {
			problem.setDetail("Token '" + limited.caller().name() + "' is limited to tags "
					+ new TreeSet<>(limited.caller().tags()) + ", and this endpoint shows every tag: it needs a"
					+ " token with manage=true and no tags (idgen.server.tokens[n].tags empty).");
			problem.setProperty("limitedToTags", true);
		}
		else {
			problem.setDetail("This token may not use this endpoint.");
		}
		return ResponseEntity.status(HttpStatus.FORBIDDEN).body(problem);
	}

}
