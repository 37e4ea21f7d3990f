package io.github.idgen.text;

import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * Writes ids as short, fixed-width text and reads them back: base62 ({@code 0-9A-Za-z}, 11
 * characters) or base36 ({@code 0-9a-z}, 13 characters), with an optional prefix such as
 * {@code ord_}. Every non-negative {@code long} has exactly one text and every text exactly one
 * id; the texts of one codec all have the same length and sort ({@link String#compareTo}) as their
 * ids do:
 *
 * <pre>{@code
 * IdTextCodec orders = IdTextCodec.base62().withPrefix("ord_");
 * String text = orders.encode(2124017990742663169L);   // "ord_2Wu1XpwiWn3"
 * long id = orders.decode(text);                       // 2124017990742663169
 * }</pre>
 *
 * A prefix uses only characters that need no escaping in a URL ({@code A-Z a-z 0-9 - . _ ~}) and
 * ends with one of {@code - . _ ~}, which no digit is: where the prefix ends is then plain to the
 * eye, and a text is accepted by at most one codec (format and prefix) of this kind, so an order's
 * id never decodes as a user's. Immutable and thread-safe.
 */
public final class IdTextCodec {

	private static final String SEPARATORS = "-._~";

	private static final IdTextCodec BASE62 = new IdTextCodec(IdTextFormat.BASE62, "");

	private static final IdTextCodec BASE36 = new IdTextCodec(IdTextFormat.BASE36, "");

	private final IdTextFormat format;

	private final String prefix;

	private final int length;

	private IdTextCodec(IdTextFormat format, String prefix) {
		this.format = format;
		this.prefix = prefix;
		this.length = prefix.length() + format.width();
	}

	/**
	 * Returns the base62 codec without a prefix.
	 * @return the codec
	 */
	public static IdTextCodec base62() {
		return BASE62;
	}

	/**
	 * Returns the base36 codec without a prefix.
	 * @return the codec
	 */
	public static IdTextCodec base36() {
		return BASE36;
	}

	/**
	 * Returns the codec of a format, without a prefix.
	 * @param format the alphabet
	 * @return the codec
	 */
	public static IdTextCodec of(IdTextFormat format) {
		Objects.requireNonNull(format, "format must not be null");
		return (format == IdTextFormat.BASE62) ? BASE62 : BASE36;
	}

	/**
	 * Returns a codec of the same format whose texts start with {@code prefix}.
	 * @param prefix URL-safe characters ending with {@code -}, {@code .}, {@code _} or {@code ~},
	 * such as {@code ord_}; empty for none
	 * @return the codec
	 * @throws IllegalArgumentException if the prefix has other characters or does not end with one
	 * of those four
	 */
	public IdTextCodec withPrefix(String prefix) {
		checkPrefix(prefix);
		return prefix.isEmpty() ? of(this.format) : new IdTextCodec(this.format, prefix);
	}

	private static void checkPrefix(String prefix) {
		Objects.requireNonNull(prefix, "prefix must not be null");
		for (int i = 0; i < prefix.length(); i++) {
			char c = prefix.charAt(i);
			if (!isUrlSafe(c)) {
				throw new IllegalArgumentException("Prefix '" + IdTextException.quote(prefix) + "' has "
						+ IdTextException.describe(c) + " at index " + i
						+ ": a prefix may have only A-Z, a-z, 0-9, '-', '.', '_' and '~',"
						+ " which need no escaping in a URL");
			}
		}
		if (!prefix.isEmpty() && SEPARATORS.indexOf(prefix.charAt(prefix.length() - 1)) < 0) {
			throw new IllegalArgumentException("Prefix '" + prefix + "' must end with '-', '.', '_' or '~' (such as '"
					+ prefix + "_'): ids are letters and digits, so a separator shows where the prefix ends and keeps"
					+ " the texts of two prefixes apart");
		}
	}

	private static boolean isUrlSafe(char c) {
		return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || SEPARATORS.indexOf(c) >= 0;
	}

	/**
	 * Returns the text of an id.
	 * @param id a non-negative id
	 * @return the prefix followed by {@link IdTextFormat#width()} digits
	 * @throws IdTextException if {@code id} is negative
	 */
	public String encode(long id) {
		if (id < 0) {
			throw IdTextException.negative(this, id);
		}
		return this.format.write(this.prefix, id);
	}

	/**
	 * Returns the id of a text.
	 * @param text the prefix followed by {@link IdTextFormat#width()} digits
	 * @return the id, non-negative
	 * @throws IdTextException if the text is not exactly that: a missing or another prefix, too
	 * short, too long, a character outside the alphabet, or a value above {@link Long#MAX_VALUE}
	 */
	public long decode(CharSequence text) {
		Objects.requireNonNull(text, "text must not be null");
		if (!hasPrefix(text)) {
			throw IdTextException.wrongPrefix(this, text);
		}
		if (text.length() != this.length) {
			throw IdTextException.wrongLength(this, text);
		}
		long id = this.format.read(text, this.prefix.length());
		if (id < 0) {
			throw IdTextException.notADigitOrTooLarge(this, text);
		}
		return id;
	}

	private boolean hasPrefix(CharSequence text) {
		int prefixLength = this.prefix.length();
		if (text.length() < prefixLength) {
			return false;
		}
		for (int i = 0; i < prefixLength; i++) {
			if (text.charAt(i) != this.prefix.charAt(i)) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Returns the alphabet.
	 * @return the format
	 */
	public IdTextFormat format() {
		return this.format;
	}

	/**
	 * Returns what every text starts with.
	 * @return the prefix, empty for none
	 */
	public String prefix() {
		return this.prefix;
	}

	/**
	 * Returns the length of every text: the prefix's and {@link IdTextFormat#width()}.
	 * @return the number of characters
	 */
	public int length() {
		return this.length;
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return (this == other) || (other instanceof IdTextCodec codec && this.format == codec.format
				&& this.prefix.equals(codec.prefix));
	}

	@Override
	public int hashCode() {
		return 31 * this.format.hashCode() + this.prefix.hashCode();
	}

	@Override
	public String toString() {
		return this.prefix.isEmpty() ? this.format.label()
				: this.format.label() + " with prefix '" + this.prefix + "'";
	}

}
