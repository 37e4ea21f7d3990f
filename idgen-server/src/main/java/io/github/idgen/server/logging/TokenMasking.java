package io.github.idgen.server.logging;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks what may be a token in a line of text: the value of a {@code token} parameter however its name
 * is percent-encoded ({@code token=…}, {@code %74oken=…}) and of a {@code token} entry in the forms logs
 * print them ({@code token:[…]}, {@code "token":"…"}, Tomcat's {@code Parameter [token] with value […]}),
 * an {@code Authorization} header ({@code Authorization: …} to the end of the line,
 * {@code Authorization:[…]}), and what follows {@code Bearer}. Request lines, query strings, parameter
 * and header maps reach logs in these forms (Tomcat's parse errors, access logs, Spring's request
 * details); a value ends where its form ends it ({@code ]} or {@code "} where it opened with one, else
 * at {@code &} or white space, or for a header at the end of the line).
 */
public final class TokenMasking {

	/** What a masked value becomes. */
	public static final String MASK = "******";

	/** {@code token}, each letter as it is or percent-encoded, in any case. */
	private static final String TOKEN = "(?:t|%74|%54)(?:o|%6f|%4f)(?:k|%6b|%4b)(?:e|%65|%45)(?:n|%6e|%4e)";

	/** A value in brackets or in quotes, as parameter and header maps and JSON print one: groups 1 to 4. */
	private static final String ENCLOSED = "(?:(\\[)(.*?)(?=\\](?:[,}\\s]|$))|(\")(.*?)(?=\"(?:[,}\\]\\s]|$)))";

	/**
	 * A {@code token} parameter or entry: {@code token=value} up to {@code &} or white space (group 5),
	 * or an enclosed value after {@code =}, {@code :} or Tomcat's {@code ] with value }.
	 */
	private static final Pattern TOKEN_ENTRY = Pattern.compile("(?<![A-Za-z0-9%])" + TOKEN
			+ "\\]?\"?\\s*(?:(?:=|:|\\s+with\\s+value)\\s*" + ENCLOSED + "|=([^&\\s]*))", Pattern.CASE_INSENSITIVE);

	/** An {@code Authorization} header or entry: an enclosed value, or the rest of the line (group 5). */
	private static final Pattern AUTHORIZATION_ENTRY = Pattern.compile(
			"(?<![A-Za-z0-9])authorization\\]?\"?\\s*[:=]\\s*(?:" + ENCLOSED + "|([^\\r\\n]*))", Pattern.CASE_INSENSITIVE);

	private static final Pattern BEARER = Pattern.compile("(?<![A-Za-z0-9])bearer\\s+(\\S+)", Pattern.CASE_INSENSITIVE);

	private TokenMasking() {
	}

	/**
	 * Masks a text.
	 * @param text the text, such as a log message
	 * @return the text with every value that may be a token masked; the same instance if it has none
	 */
	public static String masked(String text) {
		if (!mayHoldToken(text)) {
			return text;
		}
		// the entries' values: after '[' (group 2), after '"' (group 4), or bare (group 5)
		String masked = masked(masked(text, TOKEN_ENTRY, 2, 4, 5), AUTHORIZATION_ENTRY, 2, 4, 5);
		return masked(masked, BEARER, 1);
	}

	/** A cheap test before the patterns: every form above holds one of these, whatever its case. */
	private static boolean mayHoldToken(String text) {
		return text.indexOf('%') >= 0 || containsIgnoreCase(text, "oken") || containsIgnoreCase(text, "earer")
				|| containsIgnoreCase(text, "uthorization");
	}

	private static boolean containsIgnoreCase(String text, String part) {
		for (int i = 0; i <= text.length() - part.length(); i++) {
			if (text.regionMatches(true, i, part, 0, part.length())) {
				return true;
			}
		}
		return false;
	}

	/** Replaces the value of each match (the group after its opener, or the bare one) with the mask. */
	private static String masked(String text, Pattern pattern, int... valueGroups) {
		Matcher matcher = pattern.matcher(text);
		StringBuilder masked = null;
		int copied = 0;
		while (matcher.find()) {
			for (int group : valueGroups) {
				if (matcher.start(group) >= 0) {
					if (masked == null) {
						masked = new StringBuilder(text.length());
					}
					masked.append(text, copied, matcher.start(group)).append(MASK);
					copied = matcher.end(group);
					break;
				}
			}
		}
		return (masked != null) ? masked.append(text, copied, text.length()).toString() : text;
	}

}
