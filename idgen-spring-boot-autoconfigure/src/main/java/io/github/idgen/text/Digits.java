package io.github.idgen.text;

import java.util.Arrays;

/**
 * Reading fixed-width digits of a non-negative {@code long} in a radix of at most 62. The text is read
 * in chunks of five digits that fit an {@code int}, so that most of the work is {@code int} arithmetic
 * and the chunks' dependency chains run side by side; callers pass the radix, the chunk and the width
 * as literals so that the compiler can replace the divisions by multiplications.
 */
final class Digits {

	/** Digits per chunk: 62^5 still fits an {@code int}. */
	private static final int CHUNK_DIGITS = 5;

	private Digits() {
	}

	/**
	 * Reads {@code width} digits.
	 * @return the value, or -1 if a character is no digit or the value is above
	 * {@link Long#MAX_VALUE}
	 */
	static long read(CharSequence text, int offset, int radix, long chunk, int width, byte[] values) {
		int topDigits = width - 2 * CHUNK_DIGITS;
		int top = readChunk(text, offset, topDigits, radix, values);
		int middle = readChunk(text, offset + topDigits, CHUNK_DIGITS, radix, values);
		int low = readChunk(text, offset + topDigits + CHUNK_DIGITS, CHUNK_DIGITS, radix, values);
		if ((top | middle | low) < 0) {
			return -1;
		}
		long high = (long) top * chunk + middle;
		if (high > Long.MAX_VALUE / chunk) {
			return -1;
		}
		long value = high * chunk + low;
		// high * chunk <= Long.MAX_VALUE, so an overflow by adding low < chunk wraps to a negative value
		return (value >= 0) ? value : -1;
	}

	/**
	 * Reads one chunk; a negative result if any character is no digit.
	 */
	private static int readChunk(CharSequence text, int offset, int count, int radix, byte[] values) {
		int value = 0;
		int invalid = 0;
		for (int i = offset; i < offset + count; i++) {
			char c = text.charAt(i);
			// -1 from the table for a non-digit ASCII character; (127 - c) < 0 for any other character
			int digit = values[c & 0x7F] | ((0x7F - c) >> 31);
			invalid |= digit;
			value = value * radix + digit;
		}
		// -1 if any digit was invalid
		return value | (invalid >> 31);
	}

	/**
	 * Returns the fewest digits in {@code radix} that hold {@link Long#MAX_VALUE}.
	 */
	static int width(int radix) {
		int width = 1;
		long power = 1;
		// power = radix^(width - 1) <= Long.MAX_VALUE; stop once radix^width is above it
		while (power <= Long.MAX_VALUE / radix) {
			power *= radix;
			width++;
		}
		return width;
	}

	static byte[] values(String alphabet) {
		byte[] values = new byte[128];
		Arrays.fill(values, (byte) -1);
		for (int i = 0; i < alphabet.length(); i++) {
			values[alphabet.charAt(i)] = (byte) i;
		}
		return values;
	}

}
