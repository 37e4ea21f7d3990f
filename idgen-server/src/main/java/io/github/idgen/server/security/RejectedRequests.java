package io.github.idgen.server.security;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Answers what Spring Security's firewall refuses as the API answers every other error, a problem
 * detail ({@link SecurityProblemHandler}): 405 for a method it does not know (as Tomcat answers TRACE),
 * 400 for a URL or header it never lets through. Written here, not through the error page, whose
 * dispatch the firewall would refuse again.
 */
final class RejectedRequests implements RequestRejectedHandler {

	/** The methods Spring Security's {@code StrictHttpFirewall} lets through. */
	static final List<String> ALLOWED_METHODS = List.of("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH");

	private static final Logger logger = LoggerFactory.getLogger(RejectedRequests.class);

	private final HandlerExceptionResolver resolver;

	RejectedRequests(HandlerExceptionResolver resolver) {
		this.resolver = resolver;
	}

	@Override
	public void handle(HttpServletRequest request, HttpServletResponse response,
			RequestRejectedException requestRejectedException) {
		// the firewall's message may quote a header: the log masks tokens on the way out
		logger.debug("Refused a request: {}", requestRejectedException.getMessage());
		this.resolver.resolveException(request, response, null, requestRejectedException);
	}

	static boolean isAllowedMethod(HttpServletRequest request) {
		return ALLOWED_METHODS.contains(request.getMethod());
	}

}
