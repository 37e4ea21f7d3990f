package io.github.idgen.server.security;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.WebUtils;

/**
 * Hides the value of every query parameter that Tomcat reads as {@code token} ({@code ?token=},
 * and its percent-encoded spellings such as {@code ?%74oken=}) in the query string that everything
 * after it sees (Spring Security's and Spring MVC's debug logs print the request line), while the
 * query as sent stays readable for authentication ({@link #sentQuery}). First of all filters, in the
 * error page's dispatch too. Every log event is masked again on its way to the appenders
 * ({@code io.github.idgen.server.logging}); this filter keeps the token out of what the application
 * itself sees of the request line.
 */
final class TokenQueryMaskingFilter extends OncePerRequestFilter {

	private static final String NAME = QueryToken.NAME;

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
		chain.doFilter(new MaskedQueryRequest(request, query, masked), response);
	}

	/** The error page's dispatch too: it logs the request line as the request's own does. */
	@Override
	protected boolean shouldNotFilterErrorDispatch() {
		return false;
	}

	/**
	 * Returns the query string as the client sent it, token and all, however the request was wrapped
	 * since this filter ran: for reading the token, never for logging.
	 * @param request the request, as a later filter sees it
	 * @return the query as sent, null if it has none
	 */
	static @Nullable String sentQuery(HttpServletRequest request) {
		MaskedQueryRequest masked = WebUtils.getNativeRequest(request, MaskedQueryRequest.class);
		return (masked != null) ? masked.sentQuery : request.getQueryString();
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
			if (equals >= 0 && equals < end && QueryToken.isTokenName(query, start, equals, true)) {
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

	/** A request whose query string shows its token parameters masked. */
	private static final class MaskedQueryRequest extends HttpServletRequestWrapper {

		private final String sentQuery;

		private final String maskedQuery;

		MaskedQueryRequest(HttpServletRequest request, String sentQuery, String maskedQuery) {
			super(request);
			this.sentQuery = sentQuery;
			this.maskedQuery = maskedQuery;
		}

		@Override
		public String getQueryString() {
			return this.maskedQuery;
		}

	}

}
