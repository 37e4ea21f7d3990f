package io.github.idgen.server.security;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Reads a request's token: {@code Authorization: Bearer <token>}, or, on the Leaf-compatible
 * {@code /api/*} endpoints only, {@code ?token=<token>} (so that a Leaf client changes only its URL),
 * from the query string alone ({@link QueryToken}): never from a form body.
 */
final class TokenAuthenticationConverter implements AuthenticationConverter {

	private static final String BEARER = "bearer ";

	@Override
	public @Nullable Authentication convert(HttpServletRequest request) {
		String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (authorization != null) {
			if (!authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
				throw new BadCredentialsException("The Authorization header is not 'Bearer <token>'");
			}
			String token = authorization.substring(BEARER.length()).trim();
			if (token.isEmpty()) {
				throw new BadCredentialsException("The Authorization header has an empty bearer token");
			}
			return TokenAuthentication.presented(token, false);
		}
		if (isLeafApi(request)) {
			String token = QueryToken.read(TokenQueryMaskingFilter.sentQuery(request));
			if (token != null) {
				return TokenAuthentication.presented(token, true);
			}
		}
		return null;
	}

	static boolean isLeafApi(HttpServletRequest request) {
		return request.getRequestURI().startsWith(request.getContextPath() + "/api/");
	}

}
