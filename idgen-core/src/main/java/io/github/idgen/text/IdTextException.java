package io.github.idgen.text;

/**
 * An id that {@link IdTextCodec} cannot write (a negative number) or a text it cannot read. The
 * message quotes the input (control characters escaped, cut after 64 characters), says what is
 * wrong and what the codec expects, so that it can go back to whoever sent the text.
 */
public class IdTextException extends IllegalArgumentException {

	private static final int QUOTE_LIMIT = 64;

	/**
	 * Creates an exception with the given message.
	 * @param message what is wrong and what is expected
	 */
	public IdTextException(String message) {
		super(message);
	}

	static IdTextException negative(IdTextCodec codec, long id) {
		return new IdTextException("Cannot write " + id + " as a " + kind(codec) + ": ids are from 0 to "
				+ Long.MAX_VALUE);
	}

	static IdTextException wrongPrefix(IdTextCodec codec, CharSequence text) {
		return invalid(codec, text, "it does not start with '" + codec.prefix() + "'");
	}

	static IdTextException wrongLength(IdTextCodec codec, CharSequence text) {
		return invalid(codec, text, "it is too " + ((text.length() < codec.length()) ? "short" : "long") + " ("
				+ text.length() + " characters, not " + codec.length() + ")");
	}

	static IdTextException notADigitOrTooLarge(IdTextCodec codec, CharSequence text) {
		IdTextFormat format = codec.format();
		for (int i = codec.prefix().length(); i < text.length(); i++) {
			char c = text.charAt(i);
			if (format.valueOf(c) < 0) {
				return invalid(codec, text, describe(c) + " at index " + i + " is not a "
						+ format.label() + " digit");
			}
		}
		return invalid(codec, text, "it is above the largest id, " + Long.MAX_VALUE);
	}

	private static IdTextException invalid(IdTextCodec codec, CharSequence text, String problem) {
		IdTextFormat format = codec.format();
		String prefix = codec.prefix();
		String expected = (prefix.isEmpty() ? "" : "'" + prefix + "' and ") + format.width() + " characters of "
				+ format.alphabetRanges() + ", from '" + codec.encode(0) + "' to '" + codec.encode(Long.MAX_VALUE)
				+ "'";
		return new IdTextException(
				"'" + quote(text) + "' is not a " + kind(codec) + ": " + problem + "; expected " + expected);
	}

	private static String kind(IdTextCodec codec) {
		String format = codec.format().label();
		return codec.prefix().isEmpty() ? format + " id" : format + " id with prefix '" + codec.prefix() + "'";
	}

	/**
	 * Returns the text for a message: control characters escaped, cut after 64 characters.
	 * @param text any text
	 * @return what to put between quotes
	 */
	static String quote(CharSequence text) {
		StringBuilder quoted = new StringBuilder();
		int end = Math.min(text.length(), QUOTE_LIMIT);
		for (int i = 0; i < end; i++) {
			char c = text.charAt(i);
			if (Character.isISOControl(c)) {
				quoted.append(String.format("\\u%04X", (int) c));
			}
			else {
				quoted.append(c);
			}
		}
		if (end < text.length()) {
			quoted.append("... (").append(text.length()).append(" characters)");
		}
		return quoted.toString();
	}

	/**
	 * Names a character for a message.
	 * @param c any character
	 * @return {@code '$'} for a visible ASCII character, else its code point ({@code U+00E9})
	 */
	static String describe(char c) {
		return (c > ' ' && c < 0x7F) ? "'" + c + "'" : String.format("U+%04X", (int) c);
	}

}
