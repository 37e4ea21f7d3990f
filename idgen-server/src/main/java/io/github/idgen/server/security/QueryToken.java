package io.github.idgen.server.security;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

import org.springframework.security.authentication.BadCredentialsException;

/**
 * The {@code token} parameter of a query string, read as Tomcat reads a query's parameters (names and
 * values percent-decoded as UTF-8, a {@code '+'} a space), and from the query alone: a form body is
 * never read for it, so a request without a valid token is answered before any body is parsed.
 */
final class QueryToken {

	/** The parameter's name once decoded. */
	static final String NAME = "token";

	private QueryToken() {
	}

	/**
	 * Reads the token of a query.
	 * @param query the query string as sent, null for none
	 * @return the decoded value of its {@code token} parameter, or null if it has none
	 * @throws BadCredentialsException if it has more than one, or one whose value cannot be decoded
	 * (the message never carries the value)
	 */
	static @Nullable String read(@Nullable String query) {
		if (query == null || (query.indexOf('%') < 0 && !query.contains(NAME))) {
			return null;
		}
		String token = null;
		int start = 0;
		while (start < query.length()) {
			int end = query.indexOf('&', start);
			if (end < 0) {
				end = query.length();
			}
			int equals = query.indexOf('=', start);
			int nameEnd = (equals >= 0 && equals < end) ? equals : end;
			if (isTokenName(query, start, nameEnd, false)) {
				if (token != null) {
					throw new BadCredentialsException("The query has more than one token parameter");
				}
				token = (nameEnd < end) ? decoded(query.substring(nameEnd + 1, end)) : "";
			}
			start = end + 1;
		}
		return token;
	}

	private static String decoded(String value) {
		try {
			return URLDecoder.decode(value, StandardCharsets.UTF_8);
		}
		catch (IllegalArgumentException ex) {
			throw new BadCredentialsException("The query's token parameter is not percent-encoded correctly");
		}
	}

	/**
	 * Returns whether a parameter's name, {@code query[start, end)}, is {@code token} as Tomcat
	 * decodes it.
	 * @param query the query string as sent
	 * @param start where the name starts
	 * @param end where it ends (the {@code '='}, {@code '&'} or the query's end)
	 * @param undecodable what a name that cannot be decoded counts as: Tomcat ignores such a
	 * parameter, but a masking errs on the safe side
	 * @return whether it names the token
	 */
	static boolean isTokenName(String query, int start, int end, boolean undecodable) {
		int escape = query.indexOf('%', start);
		if (escape < 0 || escape >= end) {
			return end - start == NAME.length() && query.startsWith(NAME, start);
		}
		try {
			return NAME.equals(URLDecoder.decode(query.substring(start, end), StandardCharsets.UTF_8));
		}
		catch (IllegalArgumentException ex) {
			return undecodable;
		}
	}

}
