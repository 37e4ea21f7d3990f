package io.github.idgen.server.security;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Hides the value of every query parameter that Tomcat reads as {@code token} ({@code ?token=},
 * and its percent-encoded spellings such as {@code ?%74oken=}) in the query string that everything
 * after it sees (Spring Security's and Spring MVC's debug logs print the request line), while the
 * parameter itself stays readable for authentication. First of all filters.
 */
final class TokenQueryMaskingFilter extends OncePerRequestFilter {

	private static final String NAME = TokenAuthenticationConverter.QUERY_PARAMETER;

	private static final String MASK = "******";

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String query = request.getQueryString();
		String masked = (query != null) ? masked(query) : null;
		if (masked == null) {
			chain.doFilter(request, response);
			return;
		}
		chain.doFilter(new HttpServletRequestWrapper(request) {

			@Override
			public String getQueryString() {
				return masked;
			}

		}, response);
	}

	/**
	 * Masks the token parameters of a query string.
	 * @param query the query string as sent
	 * @return the query with the value of every parameter named {@code token} once decoded replaced,
	 * or null if it has none
	 */
	static @Nullable String masked(String query) {
		// a name that decodes to "token" is either the name itself or has an escape: most queries have neither
		if (query.indexOf('%') < 0 && !query.contains(NAME)) {
			return null;
		}
		StringBuilder masked = null;
		int copied = 0;
		int start = 0;
		while (start < query.length()) {
			int end = query.indexOf('&', start);
			if (end < 0) {
				end = query.length();
			}
			int equals = query.indexOf('=', start);
			if (equals >= 0 && equals < end && isToken(query, start, equals)) {
				if (masked == null) {
					masked = new StringBuilder(query.length());
				}
				masked.append(query, copied, equals + 1).append(MASK);
				copied = end;
			}
			start = end + 1;
		}
		return (masked != null) ? masked.append(query, copied, query.length()).toString() : null;
	}

	/**
	 * Whether a parameter's name, {@code query[start, end)}, is {@code token} as Tomcat decodes it (one
	 * it cannot decode counts as a token, to be safe).
	 */
	private static boolean isToken(String query, int start, int end) {
		int escape = query.indexOf('%', start);
		if (escape < 0 || escape >= end) {
			return end - start == NAME.length() && query.startsWith(NAME, start);
		}
		try {
			return NAME.equals(URLDecoder.decode(query.substring(start, end), StandardCharsets.UTF_8));
		}
		catch (IllegalArgumentException ex) {
			return true;
		}
	}

}
