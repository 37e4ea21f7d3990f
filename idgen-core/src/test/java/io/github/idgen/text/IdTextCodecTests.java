package io.github.idgen.text;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Examples and refusals of {@link IdTextCodec}; {@link IdTextCodecPropertiesTests} checks the same
 * promises on random input.
 */
class IdTextCodecTests {

	/** An id as idgen issues them in 2026. */
	private static final long ID = 2124017990742663169L;

	private final IdTextCodec orders = IdTextCodec.base62().withPrefix("ord_");

	@Test
	void widthsAreTheFewestDigitsThatHoldEveryNonNegativeLong() {
		for (IdTextFormat format : IdTextFormat.values()) {
			BigInteger radix = BigInteger.valueOf(format.radix());
			BigInteger max = BigInteger.valueOf(Long.MAX_VALUE);
			assertThat(radix.pow(format.width())).as(format.name()).isGreaterThan(max);
			assertThat(radix.pow(format.width() - 1)).as(format.name()).isLessThanOrEqualTo(max);
		}
		assertThat(IdTextFormat.BASE62.width()).isEqualTo(11);
		assertThat(IdTextFormat.BASE36.width()).isEqualTo(13);
	}

	@Test
	void alphabetsAreInAsciiOrder() {
		assertThat(IdTextFormat.BASE62.alphabet())
			.isEqualTo("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
		assertThat(IdTextFormat.BASE36.alphabet()).isEqualTo("0123456789abcdefghijklmnopqrstuvwxyz");
		for (IdTextFormat format : IdTextFormat.values()) {
			assertThat(format.alphabet().chars().toArray()).isSorted().doesNotHaveDuplicates();
		}
	}

	@Test
	void writesKnownTexts() {
		assertThat(IdTextCodec.base62().encode(0)).isEqualTo("00000000000");
		assertThat(IdTextCodec.base62().encode(61)).isEqualTo("0000000000z");
		assertThat(IdTextCodec.base62().encode(62)).isEqualTo("00000000010");
		assertThat(IdTextCodec.base62().encode(ID)).isEqualTo("2Wu1XpwiWn3");
		assertThat(IdTextCodec.base62().encode(Long.MAX_VALUE)).isEqualTo("AzL8n0Y58m7");
		assertThat(this.orders.encode(ID)).isEqualTo("ord_2Wu1XpwiWn3");
		assertThat(IdTextCodec.base36().encode(0)).isEqualTo("0000000000000");
		assertThat(IdTextCodec.base36().encode(ID)).isEqualTo("0g4xxjef4syyp");
		assertThat(IdTextCodec.base36().encode(Long.MAX_VALUE)).isEqualTo("1y2p0ij32e8e7");
	}

	@Test
	void base36IsTheJdksRadix36ZeroPadded() {
		for (long id : powersPlusMinusOne(IdTextFormat.BASE36)) {
			String jdk = Long.toString(id, 36);
			assertThat(IdTextCodec.base36().encode(id)).isEqualTo("0".repeat(13 - jdk.length()) + jdk);
		}
	}

	@ParameterizedTest
	@EnumSource(IdTextFormat.class)
	void everyPowerOfTheRadixPlusMinusOneMatchesTheReferenceAndReadsBack(IdTextFormat format) {
		IdTextCodec codec = IdTextCodec.of(format).withPrefix("x-");
		for (long id : powersPlusMinusOne(format)) {
			String text = codec.encode(id);
			assertThat(text).as("%d", id).isEqualTo("x-" + ReferenceCodec.digits(id, format));
			assertThat(codec.decode(text)).isEqualTo(id);
		}
	}

	/** 0, 1, Long.MAX_VALUE and every radix^k - 1, radix^k, radix^k + 1 that is a non-negative long. */
	static List<Long> powersPlusMinusOne(IdTextFormat format) {
		List<Long> ids = new ArrayList<>(List.of(0L, 1L, Long.MAX_VALUE - 1, Long.MAX_VALUE));
		for (long power = format.radix(); power > 0; power = (power <= Long.MAX_VALUE / format.radix())
				? power * format.radix() : -1) {
			ids.addAll(List.of(power - 1, power, power + 1));
		}
		return ids;
	}

	@Test
	void decodesAnyCharSequence() {
		assertThat(this.orders.decode(new StringBuilder("ord_2Wu1XpwiWn3"))).isEqualTo(ID);
	}

	@Test
	void refusesANegativeId() {
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> this.orders.encode(-5))
			.withMessage("Cannot write -5 as a base62 id with prefix 'ord_': ids are from 0 to 9223372036854775807");
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> IdTextCodec.base36().encode(Long.MIN_VALUE))
			.withMessageStartingWith("Cannot write -9223372036854775808 as a base36 id:");
	}

	@Test
	void refusesAnotherPrefix() {
		assertRefused(this.orders, "usr_2Wu1XpwiWn3", "it does not start with 'ord_'");
	}

	@Test
	void refusesAMissingPrefix() {
		assertRefused(this.orders, "2Wu1XpwiWn3", "it does not start with 'ord_'");
		assertRefused(this.orders, "", "it does not start with 'ord_'");
	}

	@Test
	void refusesAPrefixWhereNoneIsExpected() {
		assertThatExceptionOfType(IdTextException.class)
			.isThrownBy(() -> IdTextCodec.base62().decode("ord_2Wu1XpwiWn3"))
			.withMessage("'ord_2Wu1XpwiWn3' is not a base62 id: it is too long (15 characters, not 11); expected 11"
					+ " characters of 0-9A-Za-z, from '00000000000' to 'AzL8n0Y58m7'");
	}

	@Test
	void refusesShortText() {
		assertRefused(this.orders, "ord_2Wu1Xpw", "it is too short (11 characters, not 15)");
		assertRefused(this.orders, "ord_", "it is too short (4 characters, not 15)");
	}

	@Test
	void refusesLongText() {
		assertRefused(this.orders, "ord_2Wu1XpwiWn30", "it is too long (16 characters, not 15)");
	}

	@Test
	void refusesCharactersOutsideTheAlphabet() {
		assertRefused(this.orders, "ord_2Wu1X-wiWn3", "'-' at index 9 is not a base62 digit");
		assertRefused(this.orders, "ord_2Wu1XpwiWn\u00e9", "U+00E9 at index 14 is not a base62 digit");
		// a character whose low seven bits are a digit ('0' + 128)
		assertRefused(this.orders, "ord_\u00b0Wu1XpwiWn3", "U+00B0 at index 4 is not a base62 digit");
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> IdTextCodec.base36().decode("0G4XXJEF4SYYP"))
			.withMessageContaining("'G' at index 1 is not a base36 digit");
	}

	@Test
	void refusesValuesAboveLongMaxValue() {
		assertRefused(this.orders, "ord_AzL8n0Y58m8", "it is above the largest id, 9223372036854775807");
		assertRefused(this.orders, "ord_zzzzzzzzzzz", "it is above the largest id, 9223372036854775807");
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> IdTextCodec.base36().decode("1y2p0ij32e8e8"))
			.withMessageContaining("it is above the largest id");
	}

	@Test
	void quotesControlCharactersEscapedAndCutsLongInput() {
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> this.orders.decode("ord_2Wu1Xpw\r\nWn3"))
			.withMessageStartingWith("'ord_2Wu1Xpw\\u000D\\u000AWn3' is not");
		String flood = "ord_" + "9".repeat(1000);
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> this.orders.decode(flood))
			.withMessageStartingWith("'ord_" + "9".repeat(60) + "... (1004 characters)' is not")
			.satisfies((ex) -> assertThat(ex.getMessage()).hasSizeLessThan(300));
	}

	private static void assertRefused(IdTextCodec codec, String text, String problem) {
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> codec.decode(text))
			.withMessage("'" + IdTextException.quote(text) + "' is not a base62 id with prefix 'ord_': " + problem
					+ "; expected 'ord_' and 11 characters of 0-9A-Za-z, from 'ord_00000000000' to 'ord_AzL8n0Y58m7'");
	}

	@ParameterizedTest
	@ValueSource(strings = { "ord", "ORD", "ord_1", "o" })
	void refusesAPrefixThatDoesNotEndWithASeparator(String prefix) {
		assertThatIllegalArgumentException().isThrownBy(() -> IdTextCodec.base62().withPrefix(prefix))
			.withMessage("Prefix '" + prefix + "' must end with '-', '.', '_' or '~' (such as '" + prefix
					+ "_'): ids are letters and digits, so a separator shows where the prefix ends and keeps the texts"
					+ " of two prefixes apart");
	}

	@ParameterizedTest
	@ValueSource(strings = { "or d_", "ord/", "ord%_", "ord?_", "ord#_", "ord+_", "ördr_", "ord\n_" })
	void refusesAPrefixWithCharactersThatAreNotUrlSafe(String prefix) {
		assertThatIllegalArgumentException().isThrownBy(() -> IdTextCodec.base36().withPrefix(prefix))
			.withMessageStartingWith("Prefix '" + IdTextException.quote(prefix) + "' has ")
			.withMessageEndingWith(": a prefix may have only A-Z, a-z, 0-9, '-', '.', '_' and '~', which need no"
					+ " escaping in a URL");
	}

	@ParameterizedTest
	@ValueSource(strings = { "ord_", "ord-", "v1.", "a~", "_", "Order-2024_" })
	void acceptsAPrefixOfUrlSafeCharactersEndingWithASeparator(String prefix) {
		IdTextCodec codec = IdTextCodec.base62().withPrefix(prefix);
		assertThat(codec.prefix()).isEqualTo(prefix);
		assertThat(codec.length()).isEqualTo(prefix.length() + 11);
		assertThat(codec.encode(ID)).isEqualTo(prefix + "2Wu1XpwiWn3");
	}

	@Test
	void anEmptyPrefixIsNone() {
		assertThat(this.orders.withPrefix("")).isSameAs(IdTextCodec.base62());
		assertThat(IdTextCodec.of(IdTextFormat.BASE36)).isSameAs(IdTextCodec.base36());
	}

	@Test
	void codecsAreEqualByFormatAndPrefix() {
		assertThat(IdTextCodec.base62().withPrefix("ord_")).isEqualTo(this.orders).hasSameHashCodeAs(this.orders);
		assertThat(IdTextCodec.base36().withPrefix("ord_")).isNotEqualTo(this.orders);
		assertThat(IdTextCodec.base62().withPrefix("usr_")).isNotEqualTo(this.orders);
		assertThat(this.orders).hasToString("base62 with prefix 'ord_'");
		assertThat(IdTextCodec.base36()).hasToString("base36");
	}

}
