package io.github.idgen.text;

import java.util.Arrays;

/**
 * Reading fixed-width digits of a non-negative {@code long} in a radix of at most 62, and the
 * tables it reads with.
 */
final class Digits {

	private Digits() {
	}

	/**
	 * Reads {@code width} digits. All but the last always fit a {@code long}, so only the last step
	 * is checked for overflow; callers pass {@code radix} and {@code maxBeforeLast} as constants.
	 * @param text the text, at least {@code offset + width} long
	 * @param offset index of the first digit
	 * @param radix the number of digits
	 * @param maxBeforeLast {@code Long.MAX_VALUE / radix}: the largest value of all digits but the
	 * last that the last one can follow without overflow
	 * @param width the number of digits
	 * @param values the value of each ASCII character as a digit, -1 for none
	 * @return the value, or -1 if a character is no digit or the value is above
	 * {@link Long#MAX_VALUE}
	 */
	static long read(CharSequence text, int offset, int radix, long maxBeforeLast, int width, byte[] values) {
		int last = offset + width - 1;
		long value = 0;
		for (int i = offset; i < last; i++) {
			int digit = value(text.charAt(i), values);
			if (digit < 0) {
				return -1;
			}
			value = value * radix + digit;
		}
		int digit = value(text.charAt(last), values);
		if (digit < 0 || value > maxBeforeLast) {
			return -1;
		}
		// value * radix <= Long.MAX_VALUE, so an overflow by adding a digit wraps to a negative value
		value = value * radix + digit;
		return (value >= 0) ? value : -1;
	}

	private static int value(char c, byte[] values) {
		return (c < values.length) ? values[c] : -1;
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
