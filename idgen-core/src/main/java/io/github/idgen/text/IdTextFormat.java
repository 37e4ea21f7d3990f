package io.github.idgen.text;

/**
 * The alphabets of {@link IdTextCodec}. Each writes every non-negative {@code long} with the same
 * number of characters, zero-padded, from an alphabet in ASCII order, so that comparing two texts
 * character by character ({@link String#compareTo}, a database's binary collation, a sorted
 * directory listing) orders them as the numbers are ordered.
 */
public enum IdTextFormat {

	/**
	 * Digits, upper case, then lower case letters ({@code 0-9A-Za-z}); 11 characters. Case matters:
	 * {@code a} and {@code A} are different digits.
	 */
	BASE62("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", "0-9A-Za-z") {

		@Override
		String write(String prefix, long value) {
			long high = value / CHUNK_62;
			int low = (int) (value - high * CHUNK_62);
			int top = (int) (high / CHUNK_62);
			int middle = (int) (high - top * CHUNK_62);
			// 1 + 5 + 5 digits, each by place value
			return prefix + at(top)
					+ at(middle / 14_776_336) + at(middle / 238_328 % 62) + at(middle / 3_844 % 62)
					+ at(middle / 62 % 62) + at(middle % 62)
					+ at(low / 14_776_336) + at(low / 238_328 % 62) + at(low / 3_844 % 62)
					+ at(low / 62 % 62) + at(low % 62);
		}

		@Override
		long read(CharSequence text, int offset) {
			return Digits.read(text, offset, 62, Long.MAX_VALUE / 62, 11, this.digitValues);
		}

	},

	/**
	 * Digits and lower case letters ({@code 0-9a-z}); 13 characters. Upper case letters are refused,
	 * so that every id has exactly one text.
	 */
	BASE36("0123456789abcdefghijklmnopqrstuvwxyz", "0-9a-z") {

		@Override
		String write(String prefix, long value) {
			long high = value / CHUNK_36;
			int low = (int) (value - high * CHUNK_36);
			int top = (int) (high / CHUNK_36);
			int middle = (int) (high - top * CHUNK_36);
			// 3 + 5 + 5 digits, each by place value
			return prefix + at(top / 1_296) + at(top / 36 % 36) + at(top % 36)
					+ at(middle / 1_679_616) + at(middle / 46_656 % 36) + at(middle / 1_296 % 36)
					+ at(middle / 36 % 36) + at(middle % 36)
					+ at(low / 1_679_616) + at(low / 46_656 % 36) + at(low / 1_296 % 36)
					+ at(low / 36 % 36) + at(low % 36);
		}

		@Override
		long read(CharSequence text, int offset) {
			return Digits.read(text, offset, 36, Long.MAX_VALUE / 36, 13, this.digitValues);
		}

	};

	/*
	 * Why the digits are written out: a value is split into chunks of five digits (62^5 and 36^5 fit an
	 * int), so that most arithmetic is on ints; the literal divisors let the JIT compiler replace every
	 * division by a multiplication, and the digits do not depend on each other, so they are computed
	 * side by side. One string concatenation of the prefix and the digits lets the JDK build the string
	 * in place: the result is the only allocation. Reading is one loop: a multiplication and an
	 * addition a digit.
	 */

	private static final long CHUNK_62 = 62L * 62 * 62 * 62 * 62;

	private static final long CHUNK_36 = 36L * 36 * 36 * 36 * 36;

	private final String alphabet;

	private final String alphabetRanges;

	private final int width;

	/** The digits, by value. */
	private final char[] digits;

	/** The value of each ASCII character as a digit, -1 for characters outside the alphabet. */
	final byte[] digitValues;

	IdTextFormat(String alphabet, String alphabetRanges) {
		this.alphabet = alphabet;
		this.alphabetRanges = alphabetRanges;
		this.width = Digits.width(alphabet.length());
		this.digits = alphabet.toCharArray();
		this.digitValues = Digits.values(alphabet);
	}

	/**
	 * Returns the number of digits of this alphabet.
	 * @return 62 or 36
	 */
	public int radix() {
		return this.alphabet.length();
	}

	/**
	 * Returns the number of characters of every id in this format, without a prefix: the fewest that
	 * hold {@link Long#MAX_VALUE}.
	 * @return 11 for base62, 13 for base36
	 */
	public int width() {
		return this.width;
	}

	/**
	 * Returns the digits, by value: the digit for 0 first.
	 * @return the alphabet, in ascending ASCII order
	 */
	public String alphabet() {
		return this.alphabet;
	}

	/**
	 * Returns the name for messages.
	 * @return {@code base62} or {@code base36}
	 */
	String label() {
		return "base" + radix();
	}

	/**
	 * Returns the alphabet as ranges, for messages.
	 * @return {@code 0-9A-Za-z} or {@code 0-9a-z}
	 */
	String alphabetRanges() {
		return this.alphabetRanges;
	}

	/**
	 * Returns a prefix followed by the {@link #width()} digits of a value.
	 * @param prefix the prefix, empty for none
	 * @param value a non-negative value
	 * @return the text
	 */
	abstract String write(String prefix, long value);

	/**
	 * Returns a digit.
	 * @param value from 0 to {@link #radix()} - 1
	 * @return its digit
	 */
	final char at(int value) {
		return this.digits[value];
	}

	/**
	 * Reads the {@link #width()} digits from {@code offset}.
	 * @param text the text, at least {@code offset + width()} long
	 * @param offset index of the first digit
	 * @return the value, or -1 if a character is no digit or the value is above
	 * {@link Long#MAX_VALUE}
	 */
	abstract long read(CharSequence text, int offset);

	/**
	 * Returns the value of a character as a digit.
	 * @param c any character
	 * @return the value, or -1 if it is no digit of this alphabet
	 */
	int valueOf(char c) {
		return (c < this.digitValues.length) ? this.digitValues[c] : -1;
	}

}
