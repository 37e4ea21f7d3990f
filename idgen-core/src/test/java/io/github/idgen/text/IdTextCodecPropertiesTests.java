package io.github.idgen.text;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The promises of {@link IdTextCodec} on random input (jqwik, 1000 tries a property): every id reads
 * back, texts sort as ids do, every text has one id and every refusal holds for any input of its kind.
 */
class IdTextCodecPropertiesTests {

	private static final String URL_SAFE = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._~";

	@Property
	void everyIdReadsBack(@ForAll("ids") long id, @ForAll("codecs") IdTextCodec codec) {
		String text = codec.encode(id);
		assertThat(text).hasSize(codec.length()).startsWith(codec.prefix());
		assertThat(codec.decode(text)).isEqualTo(id);
	}

	@Property
	void textsSortAsIdsDo(@ForAll("ids") long a, @ForAll("ids") long b, @ForAll("codecs") IdTextCodec codec) {
		assertThat(Integer.signum(codec.encode(a).compareTo(codec.encode(b)))).isEqualTo(Long.compare(a, b));
	}

	@Property
	void neighbouringIdsSortAsIdsDo(@ForAll("ids") long a, @ForAll @LongRange(min = 1, max = 100_000) long distance,
			@ForAll("codecs") IdTextCodec codec) {
		Assume.that(a <= Long.MAX_VALUE - distance);
		assertThat(codec.encode(a)).isLessThan(codec.encode(a + distance));
	}

	@Property
	void aTextOfTheRightLengthReadsIffItsDigitsAreInTheAlphabetAndHoldALong(
			@ForAll("codecsAndDigits") Tuple.Tuple2<IdTextCodec, String> codecAndDigits) {
		IdTextCodec codec = codecAndDigits.get1();
		String digits = codecAndDigits.get2();
		IdTextFormat format = codec.format();
		String text = codec.prefix() + digits;
		BigInteger value = referenceValue(digits, format);
		if (value != null && value.bitLength() < 64) {
			long id = codec.decode(text);
			assertThat(id).isEqualTo(value.longValueExact());
			// the only text of that id
			assertThat(codec.encode(id)).isEqualTo(text);
		}
		else {
			assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> codec.decode(text))
				.withMessageStartingWith("'" + IdTextException.quote(text) + "' is not a " + format.label() + " id");
		}
	}

	@Property
	void refusesEveryNegativeId(@ForAll @LongRange(min = Long.MIN_VALUE, max = -1) long id,
			@ForAll("codecs") IdTextCodec codec) {
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> codec.encode(id))
			.withMessageStartingWith("Cannot write " + id + " as a " + codec.format().label() + " id");
	}

	@Property
	void refusesEveryValueAboveLongMaxValue(@ForAll("aboveLongMaxValue") Tuple.Tuple2<IdTextFormat, BigInteger> value,
			@ForAll("prefixes") String prefix) {
		IdTextCodec codec = IdTextCodec.of(value.get1()).withPrefix(prefix);
		String text = prefix + ReferenceCodec.digits(value.get2(), value.get1());
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> codec.decode(text))
			.withMessageContaining(": it is above the largest id, 9223372036854775807; expected");
	}

	@Property
	void refusesEveryOtherLength(@ForAll("digitLikeTexts") String digits, @ForAll("codecs") IdTextCodec codec) {
		Assume.that(digits.length() != codec.format().width());
		String text = codec.prefix() + digits;
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> codec.decode(text))
			.withMessageContaining(": it is too " + ((text.length() < codec.length()) ? "short" : "long") + " ("
					+ text.length() + " characters, not " + codec.length() + ")");
	}

	@Property
	void refusesEveryCharacterOutsideTheAlphabet(@ForAll("ids") long id, @ForAll("codecs") IdTextCodec codec,
			@ForAll @IntRange(min = 0, max = 12) int digit, @ForAll char c) {
		IdTextFormat format = codec.format();
		Assume.that(digit < format.width() && format.alphabet().indexOf(c) < 0);
		int index = codec.prefix().length() + digit;
		StringBuilder text = new StringBuilder(codec.encode(id));
		text.setCharAt(index, c);
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> codec.decode(text))
			.withMessageContaining(": " + IdTextException.describe(c) + " at index " + index + " is not a "
					+ format.label() + " digit;");
	}

	@Property
	void aTextReadsWithOneCodecAtMost(@ForAll("ids") long id, @ForAll("codecs") IdTextCodec writer,
			@ForAll("codecs") IdTextCodec reader) {
		// the separator at the end of a prefix, which no digit is, tells where any prefix ends
		Assume.that(!reader.equals(writer));
		String text = writer.encode(id);
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> reader.decode(text));
	}

	@Property
	void aPrefixIsAcceptedIffItIsUrlSafeAndEndsWithASeparator(@ForAll("prefixLikeTexts") String prefix) {
		boolean urlSafe = prefix.chars().allMatch((c) -> URL_SAFE.indexOf(c) >= 0);
		boolean endsWithSeparator = prefix.isEmpty() || "-._~".indexOf(prefix.charAt(prefix.length() - 1)) >= 0;
		if (urlSafe && endsWithSeparator) {
			assertThat(IdTextCodec.base62().withPrefix(prefix).prefix()).isEqualTo(prefix);
		}
		else {
			assertThatIllegalArgumentException().isThrownBy(() -> IdTextCodec.base62().withPrefix(prefix))
				.withMessageStartingWith("Prefix '" + IdTextException.quote(prefix) + "' ");
		}
	}

	/** Any non-negative long, with the edges (0, 1, Long.MAX_VALUE, every power of 62 and 36 ± 1) often. */
	@Provide
	Arbitrary<Long> ids() {
		List<Long> edges = new ArrayList<>();
		for (IdTextFormat format : IdTextFormat.values()) {
			edges.addAll(IdTextCodecTests.powersPlusMinusOne(format));
		}
		return Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.longs().between(0, Long.MAX_VALUE)),
				Tuple.of(1, Arbitraries.of(edges)));
	}

	/** Both formats, without a prefix or with a short one, so that prefixes often share characters. */
	@Provide
	Arbitrary<IdTextCodec> codecs() {
		return Combinators.combine(Arbitraries.of(IdTextFormat.class), prefixes())
			.as((format, prefix) -> IdTextCodec.of(format).withPrefix(prefix));
	}

	@Provide
	Arbitrary<String> prefixes() {
		Arbitrary<String> prefixes = Combinators
			.combine(Arbitraries.strings().withChars("ab0-_").ofMaxLength(3), Arbitraries.of('-', '.', '_', '~'))
			.as((body, separator) -> body + separator);
		return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just("")), Tuple.of(3, prefixes));
	}

	/** Mostly base62 digits, some other characters, of lengths around the widths. */
	@Provide
	Arbitrary<String> digitLikeTexts() {
		Arbitrary<Character> chars = Arbitraries.frequencyOf(
				Tuple.of(40, Arbitraries.of(IdTextFormat.BASE62.alphabet().toCharArray())),
				Tuple.of(1, Arbitraries.chars().all()));
		return Arbitraries.frequencyOf(
				Tuple.of(3, chars.list().ofMinSize(11).ofMaxSize(13).map(IdTextCodecPropertiesTests::join)),
				Tuple.of(1, chars.list().ofMaxSize(20).map(IdTextCodecPropertiesTests::join)));
	}

	/**
	 * A codec and as many characters as its format has digits: mostly its digits, led by a small one
	 * half of the time (so that many hold a long), sometimes any character.
	 */
	@Provide
	Arbitrary<Tuple.Tuple2<IdTextCodec, String>> codecsAndDigits() {
		return codecs().flatMap((codec) -> {
			IdTextFormat format = codec.format();
			Arbitrary<Character> digits = Arbitraries.of(format.alphabet().toCharArray());
			Arbitrary<Character> chars = Arbitraries.frequencyOf(Tuple.of(40, digits),
					Tuple.of(1, Arbitraries.of(IdTextFormat.BASE62.alphabet().toCharArray())),
					Tuple.of(1, Arbitraries.chars().all()));
			Arbitrary<Character> first = Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.of('0', '1')),
					Tuple.of(1, chars));
			return Combinators.combine(first, chars.list().ofSize(format.width() - 1))
				.as((head, tail) -> Tuple.of(codec, head + join(tail)));
		});
	}

	@Provide
	Arbitrary<String> prefixLikeTexts() {
		Arbitrary<Character> chars = Arbitraries.frequencyOf(Tuple.of(20, Arbitraries.of(URL_SAFE.toCharArray())),
				Tuple.of(1, Arbitraries.chars().all()));
		return chars.list().ofMaxSize(8).map(IdTextCodecPropertiesTests::join);
	}

	/** A format and a value from Long.MAX_VALUE + 1 to the largest its digits hold. */
	@Provide
	Arbitrary<Tuple.Tuple2<IdTextFormat, BigInteger>> aboveLongMaxValue() {
		BigInteger first = BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE);
		return Arbitraries.of(IdTextFormat.class)
			.flatMap((format) -> Arbitraries.bigIntegers()
				.between(first, ReferenceCodec.largestText(format))
				.map((value) -> Tuple.of(format, value)));
	}

	private static String join(List<Character> chars) {
		StringBuilder text = new StringBuilder(chars.size());
		chars.forEach(text::append);
		return text.toString();
	}

	/** The value of digits by the reference, or null if a character is no digit of the format. */
	private static BigInteger referenceValue(String digits, IdTextFormat format) {
		BigInteger value = BigInteger.ZERO;
		for (char c : digits.toCharArray()) {
			int digit = format.alphabet().indexOf(c);
			if (digit < 0) {
				return null;
			}
			value = value.multiply(BigInteger.valueOf(format.radix())).add(BigInteger.valueOf(digit));
		}
		return value;
	}

}
