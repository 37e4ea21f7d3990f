package io.github.idgen.codes;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

class CodePatternTests {

	@Test
	void writesTheDateOfThePeriodAroundTheSequence() {
		CodePattern pattern = CodePattern.parse("BIZ{yyyyMMdd}{seq:6}-{yy}X");
		CodePattern.Texts texts = pattern.texts(LocalDateTime.of(2026, 11, 24, 0, 0).atZone(ZoneOffset.UTC));
		assertThat(texts).isEqualTo(new CodePattern.Texts("BIZ20261124", "-26X"));
		assertThat(pattern.width()).isEqualTo(6);
		assertThat(pattern.capacity()).isEqualTo(999_999);
		assertThat(pattern.hasDateFields()).isTrue();
	}

	@Test
	void quotedTextInADateFieldMayHoldBraces() {
		CodePattern pattern = CodePattern.parse("{yyyy'{}'MM}{seq:2}");
		assertThat(pattern.texts(LocalDateTime.of(2026, 1, 1, 0, 0).atZone(ZoneOffset.UTC)).prefix()).isEqualTo("2026{}01");
	}

	@Property(tries = 200)
	void capacityIsTenToTheWidthMinusOne(@ForAll @IntRange(min = 1, max = 18) int width) {
		assertThat(CodePattern.parse("{seq:" + width + "}").capacity()).isEqualTo(Long.parseLong("9".repeat(width)));
	}

	@Property(tries = 500)
	void numbersAreZeroPaddedToTheWidthAndReadBack(@ForAll @LongRange(min = 1, max = 999_999) long sequence) {
		CodePattern pattern = CodePattern.parse("ORD{yyyyMMdd}{seq:6}");
		CodePeriod period = new CodePeriod(0, 1, "orders:20261124", "20261124",
				pattern.texts(LocalDate.of(2026, 11, 24).atStartOfDay(ZoneOffset.UTC)), null, pattern.width());
		String number = period.format(sequence);
		assertThat(number).hasSize(17).startsWith("ORD20261124");
		assertThat(Long.parseLong(number.substring(11))).isEqualTo(sequence);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			BIZ{yyyyMMdd}                  | has no sequence field: add {seq:N}, N digits from 1 to 18
			{seq:3}{seq:4}                 | has more than one {seq:N} field
			A{seq}                         | has {seq} without a width: write {seq:N}, N digits from 1 to 18
			A{seq:0}                       | has {seq:0}, but the width must be from 1 to 18
			A{seq:19}                      | has {seq:19}, but the width must be from 1 to 18
			A{seq:123}                     | has {seq:123}, but the width must be from 1 to 18
			A{seq:6                        | has a '{' at index 1 that no '}' closes
			A}{seq:6}                      | has a '}' at index 1 that closes no '{'
			A{}{seq:6}                     | has an empty field {} at index 1
			A{yy{MM}}{seq:6}               | has a '{' at index 4 inside the field opened at index 1
			""")
	void refusesMalformedPatternsNamingThePatternAndTheProblem(String pattern, String problem) {
		assertThatIllegalArgumentException().isThrownBy(() -> CodePattern.parse(pattern))
			.withMessage("Business number pattern '" + pattern + "' " + problem);
	}

	@Test
	void refusesAFieldThatIsNoDatePattern() {
		assertThatIllegalArgumentException().isThrownBy(() -> CodePattern.parse("A{yyyyb}{seq:6}"))
			.withMessageStartingWith("Business number pattern 'A{yyyyb}{seq:6}' has a field {yyyyb} that is neither"
					+ " {seq:N} nor a DateTimeFormatter pattern (");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			BIZ{yyyyMMdd}{seq:6}  | DAILY
			BIZ{yyMMdd}{seq:6}    | DAILY
			{yyyyDDD}-{seq:4}     | DAILY
			INV{yyyyMM}{seq:8}    | MONTHLY
			{yyyy}/{seq:8}/X      | YEARLY
			INV{seq:8}            | NEVER
			""")
	void acceptsPatternsWhoseDateTellsThePeriodsApart(String pattern, ResetPeriod reset) {
		assertThatNoException().isThrownBy(() -> CodePattern.parse(pattern).check(reset, ZoneId.of("Asia/Shanghai")));
	}

	@Test
	void refusesADateThatChangesWithinThePeriod() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CodePattern.parse("{yyyyMMddHH}{seq:4}").check(ResetPeriod.DAILY, ZoneOffset.UTC))
			.withMessageStartingWith("Business number pattern '{yyyyMMddHH}{seq:4}' writes '2000010100{seq}' at"
					+ " 2000-01-01T00:00Z but '2000010112{seq}' at 2000-01-01T12:00Z: its date fields change within a"
					+ " period of reset 'daily'; leave out fields finer than the period");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CodePattern.parse("{yyyyMMdd}{seq:4}").check(ResetPeriod.MONTHLY, ZoneOffset.UTC))
			.withMessageContaining("change within a period of reset 'monthly'");
	}

	@Test
	void refusesADateThatRepeatsAcrossPeriods() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CodePattern.parse("A{MMdd}{seq:4}").check(ResetPeriod.DAILY, ZoneOffset.UTC))
			.withMessage("Business number pattern 'A{MMdd}{seq:4}' writes the same date text 'A0101{seq}' for the periods"
					+ " starting 2000-01-01 and 2001-01-01, so with reset 'daily' their numbers would repeat; use fields that"
					+ " tell every period apart, such as {yyyyMMdd}");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CodePattern.parse("A{seq:4}").check(ResetPeriod.YEARLY, ZoneOffset.UTC))
			.withMessageContaining("writes the same date text 'A{seq}' for the periods starting 2000-01-01 and 2001-01-01");
		// week-based year with calendar month and day: 2025-12-30 and 2026-12-30 both write 20261230
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CodePattern.parse("{YYYYMMdd}{seq:6}").check(ResetPeriod.DAILY, ZoneOffset.UTC))
			.withMessageContaining("so with reset 'daily' their numbers would repeat");
	}

	@Test
	void refusesDatesOfDifferentWidths() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CodePattern.parse("A{yyyyMd}{seq:4}").check(ResetPeriod.DAILY, ZoneOffset.UTC))
			.withMessage("Business number pattern 'A{yyyyMd}{seq:4}' writes dates of different widths ('A200011{seq}',"
					+ " 'A2000110{seq}'), so the text of one period could run into the sequence of another; use"
					+ " fixed-width fields such as yyyyMMdd");
	}

	@Test
	void refusesDateFieldsWithoutAResetPeriod() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CodePattern.parse("A{yyyy}{seq:4}").check(ResetPeriod.NEVER, ZoneOffset.UTC))
			.withMessage("Business number pattern 'A{yyyy}{seq:4}' has date fields, but reset 'never' has no periods for"
					+ " them: use reset 'daily', 'monthly' or 'yearly', or leave the date out");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			NEVER   | 2026-11-24 | 2026-11-24 | ''
			DAILY   | 2026-11-24 | 2026-11-24 | 20261124
			MONTHLY | 2026-11-24 | 2026-11-01 | 202611
			YEARLY  | 2026-11-24 | 2026-01-01 | 2026
			""")
	void periodsStartAndAreWrittenAsTheResetSays(ResetPeriod reset, LocalDate day, LocalDate start, String key) {
		assertThat(reset.start(day)).isEqualTo(start);
		assertThat(reset.key(start)).isEqualTo(key).hasSize(reset.keyLength());
	}

}
