package io.github.idgen.server.security;

import java.io.IOException;
import java.util.regex.Pattern;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Hides {@code ?token=} in the query string that everything after it sees (Spring Security's and
 * Spring MVC's debug logs print the request line), while the parameter itself stays readable for
 * authentication. First of all filters.
 */
final class TokenQueryMaskingFilter extends OncePerRequestFilter {

	private static final Pattern TOKEN = Pattern.compile("(^|&)(" + TokenAuthenticationConverter.QUERY_PARAMETER + "=)[^&]*");

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String query = request.getQueryString();
		if (query == null || !query.contains(TokenAuthenticationConverter.QUERY_PARAMETER + "=")) {
			chain.doFilter(request, response);
			return;
		}
		String masked = TOKEN.matcher(query).replaceAll("$1$2******");
		chain.doFilter(new HttpServletRequestWrapper(request) {

			@Override
			public String getQueryString() {
				return masked;
			}

		}, response);
	}

}
