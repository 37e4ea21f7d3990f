package io.github.idgen.segment;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.IntStream;

import io.github.idgen.codes.BusinessNumbers;
import io.github.idgen.codes.BusinessNumbersExhaustedException;
import io.github.idgen.codes.CodePattern;
import io.github.idgen.codes.ResetPeriod;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.AtOnce;
import io.github.idgen.testsupport.MovableClock;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Business numbers on H2: periods, their rows, capacity; the real-server scenarios are in
 * {@link CodesPeriodChangeTests}.
 */
class BusinessNumbersTests {

	static final JdbcDataSource h2 = new JdbcDataSource();

	static final Instant NOV_24 = Instant.parse("2026-11-24T10:00:00Z");

	final JdbcSegmentStore store = new JdbcSegmentStore(h2, SegmentTables.TABLE);

	final SegmentIdServices services = new SegmentIdServices(this.store, SegmentSettings.DEFAULTS);

	final MovableClock clock = new MovableClock(NOV_24);

	@BeforeAll
	static void createTable() {
		h2.setURL("jdbc:h2:mem:codes-tests;DB_CLOSE_DELAY=-1");
		SegmentTables.createTable(h2);
	}

	@AfterEach
	void close() {
		this.services.close();
	}

	BusinessNumbers code(String tag, String pattern, ResetPeriod reset, ZoneId zone) {
		return new BusinessNumbers("orders", tag, CodePattern.parse(pattern), reset, zone, this.services, this.store,
				this.clock);
	}

	@Test
	void eachDayHasItsOwnRowCreatedLikeTheTagsAndItsSequenceStartsAt1() {
		String tag = SegmentTables.uniqueTag("daily");
		SegmentTables.insertTag(h2, tag, 5000, 50, Long.MAX_VALUE);
		BusinessNumbers code = code(tag, "ORD{yyyyMMdd}{seq:6}", ResetPeriod.DAILY, ZoneOffset.UTC);
		assertThat(code.next()).isEqualTo("ORD20261124000001");
		assertThat(code.next(3)).containsExactly("ORD20261124000002", "ORD20261124000003", "ORD20261124000004");
		assertThat(code.currentTag()).isEqualTo(tag + ":20261124");
		assertThat(SegmentTables.row(h2, tag + ":20261124")).isEqualTo(new SegmentTables.Row(50, 50, 999_999));
		assertThat(SegmentTables.maxId(h2, tag)).as("the tag's own row is only a template").isEqualTo(5000);
		this.clock.advance(Duration.ofDays(1));
		assertThat(code.next()).isEqualTo("ORD20261125000001");
		assertThat(code.currentTag()).isEqualTo(tag + ":20261125");
		assertThat(this.services.statistics()).extracting(SegmentStatistics::tag)
			.as("the past period's service is dropped").containsExactly(tag + ":20261125");
	}

	@Test
	void thePeriodIsTheDayInTheCodesZone() {
		String tag = SegmentTables.uniqueTag("zone");
		SegmentTables.insertTag(h2, tag, 10);
		BusinessNumbers code = code(tag, "{yyyyMMdd}-{seq:4}", ResetPeriod.DAILY, ZoneId.of("Asia/Shanghai"));
		this.clock.set(Instant.parse("2026-11-24T15:59:59.999Z"));
		assertThat(code.next()).isEqualTo("20261124-0001");
		this.clock.set(Instant.parse("2026-11-24T16:00:00Z"));
		assertThat(code.next()).isEqualTo("20261125-0001");
	}

	@Test
	void monthlyAndYearlyPeriodsAreWrittenYyyyMMAndYyyy() {
		String tag = SegmentTables.uniqueTag("monthly");
		SegmentTables.insertTag(h2, tag, 10);
		assertThat(code(tag, "INV{yyyyMM}{seq:5}", ResetPeriod.MONTHLY, ZoneOffset.UTC).next()).isEqualTo("INV20261100001");
		assertThat(code(tag, "Y{yyyy}{seq:5}", ResetPeriod.YEARLY, ZoneOffset.UTC).next()).isEqualTo("Y202600001");
		assertThat(SegmentTables.maxId(h2, tag + ":202611")).isEqualTo(10);
		assertThat(SegmentTables.maxId(h2, tag + ":2026")).isEqualTo(10);
	}

	@Test
	void neverResettingUsesTheTagsOwnRow() {
		String tag = SegmentTables.uniqueTag("never");
		SegmentTables.insertTag(h2, tag, 41, 10, Long.MAX_VALUE);
		BusinessNumbers code = code(tag, "INV-{seq:8}", ResetPeriod.NEVER, ZoneOffset.UTC);
		assertThat(code.next()).isEqualTo("INV-00000042");
		this.clock.advance(Duration.ofDays(400));
		assertThat(code.next()).isEqualTo("INV-00000043");
		assertThat(code.currentTag()).isEqualTo(tag);
	}

	@Test
	void aPeriodIssuesItsCapacityThenFailsUntilTheNextPeriodWithoutWrappingOrWidening() {
		String tag = SegmentTables.uniqueTag("capacity");
		SegmentTables.insertTag(h2, tag, 30);
		BusinessNumbers code = code(tag, "A{yyMMdd}{seq:2}", ResetPeriod.DAILY, ZoneOffset.UTC);
		List<String> numbers = new java.util.ArrayList<>(code.next(90));
		for (int i = 0; i < 9; i++) {
			numbers.add(code.next());
		}
		assertThat(numbers).hasSize(99).doesNotHaveDuplicates().allMatch((number) -> number.length() == 9);
		assertThat(numbers.get(98)).isEqualTo("A26112499");
		for (int i = 0; i < 2; i++) {
			assertThatExceptionOfType(BusinessNumbersExhaustedException.class).isThrownBy(code::next)
				.withMessage("Business number code 'orders' (A{yyMMdd}{seq:2}) has issued all 99 numbers its 2-digit"
						+ " sequence holds in period 20261124 (segment tag '" + tag + ":20261124')")
				.isInstanceOf(SegmentTagExhaustedException.class);
		}
		assertThat(SegmentTables.maxId(h2, tag + ":20261124")).isEqualTo(99);
		this.clock.advance(Duration.ofDays(1));
		assertThat(code.next()).isEqualTo("A26112501");
	}

	@Test
	void aBatchLargerThanWhatThePeriodHasLeftFailsWithoutANumberPastTheCapacity() {
		String tag = SegmentTables.uniqueTag("batch");
		SegmentTables.insertTag(h2, tag, 30);
		BusinessNumbers code = code(tag, "B{yyMMdd}{seq:2}", ResetPeriod.DAILY, ZoneOffset.UTC);
		assertThat(code.next(97)).hasSize(97).last().isEqualTo("B26112497");

		assertThatExceptionOfType(BusinessNumbersExhaustedException.class).isThrownBy(() -> code.next(5))
			.withMessageStartingWith("Business number code 'orders' (B{yyMMdd}{seq:2}) has");
		assertThat(SegmentTables.maxId(h2, tag + ":20261124")).isLessThanOrEqualTo(99);
	}

	@Test
	void sequenceAboveTheWidthOfARowMadeForAWiderPatternFailsToo() {
		String tag = SegmentTables.uniqueTag("narrowed");
		SegmentTables.insertTag(h2, tag, 95, 10, Long.MAX_VALUE);
		BusinessNumbers code = code(tag, "N{seq:2}", ResetPeriod.NEVER, ZoneOffset.UTC);
		assertThat(code.next(4)).containsExactly("N96", "N97", "N98", "N99");
		assertThatExceptionOfType(BusinessNumbersExhaustedException.class).isThrownBy(code::next)
			.withMessage("Business number code 'orders' (N{seq:2}) has issued all 99 numbers its 2-digit sequence"
					+ " holds in segment tag '" + tag + "'");
	}

	@Test
	void aPeriodRowCutByTheTagsLowerLimitSaysSo() {
		String tag = SegmentTables.uniqueTag("limited");
		SegmentTables.insertTag(h2, tag, 0, 5, 5);
		BusinessNumbers code = code(tag, "{yyyyMMdd}{seq:4}", ResetPeriod.DAILY, ZoneOffset.UTC);
		assertThat(code.next(5)).hasSize(5);
		assertThatExceptionOfType(BusinessNumbersExhaustedException.class).isThrownBy(code::next)
			.withMessageStartingWith("Business number code 'orders' ({yyyyMMdd}{seq:4}) has no number left in period"
					+ " 20261124 (segment tag '" + tag + ":20261124'): Segment tag '" + tag + ":20261124' is exhausted");
	}

	@Test
	void aPeriodAnotherInstanceCreatedAndUsedUpWhileThisOneCreatedItTooIsExhausted() {
		String tag = SegmentTables.uniqueTag("raced");
		SegmentTables.insertTag(h2, tag, 10);
		try (SegmentIdServices first = new SegmentIdServices(this.store, SegmentSettings.DEFAULTS)) {
			BusinessNumbers other = new BusinessNumbers("orders", tag, CodePattern.parse("{yyyyMMdd}{seq:1}"),
					ResetPeriod.DAILY, ZoneOffset.UTC, first, this.store, this.clock);
			// this instance finds no row, and while it creates one, the other creates it and issues all 9
			SegmentStore racing = new SegmentStore() {

				@Override
				public SegmentRange allocate(String tag, int requestedStep) {
					return BusinessNumbersTests.this.store.allocate(tag, requestedStep);
				}

				@Override
				public SegmentRange allocateExactly(String tag, int size) {
					return BusinessNumbersTests.this.store.allocateExactly(tag, size);
				}

				@Override
				public boolean createTagLike(String tag, String template, long maxLimitId, String description) {
					assertThat(other.next(9)).hasSize(9);
					return BusinessNumbersTests.this.store.createTagLike(tag, template, maxLimitId, description);
				}

				@Override
				public String describe() {
					return BusinessNumbersTests.this.store.describe();
				}

			};
			BusinessNumbers code = new BusinessNumbers("orders", tag, CodePattern.parse("{yyyyMMdd}{seq:1}"),
					ResetPeriod.DAILY, ZoneOffset.UTC, new SegmentIdServices(racing, SegmentSettings.DEFAULTS), racing,
					this.clock);
			assertThatExceptionOfType(BusinessNumbersExhaustedException.class).isThrownBy(code::next)
				.withMessageContaining("has issued all 9 numbers its 1-digit sequence holds in period 20261124");
		}
	}

	@Test
	void withoutTheTagsRowTheTagIsUnknown() {
		BusinessNumbers code = code("missing", "{yyyyMMdd}{seq:4}", ResetPeriod.DAILY, ZoneOffset.UTC);
		assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(code::next)
			.withMessage("Segment tag 'missing' does not exist in table idgen_segment; an operator adds it with:"
					+ " INSERT INTO idgen_segment (tag, step) VALUES ('missing', 1000);");
	}

	@Test
	void refusesATagTooLongForItsPeriodsAndAPatternThatDoesNotSuitTheReset() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> code("t".repeat(120), "{yyyyMMdd}{seq:4}", ResetPeriod.DAILY, ZoneOffset.UTC))
			.withMessageEndingWith("must not be blank, and with ':' and its period (8 characters) at most 128 characters long");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> code("t", "{yyyyMM}{seq:4}", ResetPeriod.DAILY, ZoneOffset.UTC))
			.withMessageContaining("their numbers would repeat");
	}

	@Test
	void callersCreatingOneRowAtOnceEndWithOneRowThatOneOfThemCreated() throws Exception {
		String tag = SegmentTables.uniqueTag("race");
		SegmentTables.insertTag(h2, tag, 10);
		List<Boolean> created = AtOnce.run(IntStream.range(0, 16).boxed().toList(),
				(i) -> this.store.createTagLike(tag + ":20261124", tag, 99, "race"));
		assertThat(created).containsOnlyOnce(true);
		assertThat(SegmentTables.countRows(h2, tag + ":")).isEqualTo(1);
	}

	@Test
	void creatingARowThatExistsLeavesItAlone() {
		String tag = SegmentTables.uniqueTag("template");
		SegmentTables.insertTag(h2, tag, 0, 1000, Long.MAX_VALUE);
		assertThat(this.store.createTagLike(tag + ":1", tag, 99, "first")).isTrue();
		assertThat(this.store.createTagLike(tag + ":1", tag, 999, "second")).isFalse();
		assertThat(SegmentTables.row(h2, tag + ":1")).isEqualTo(new SegmentTables.Row(0, 99, 99));
		assertThatExceptionOfType(UnknownSegmentTagException.class)
			.isThrownBy(() -> this.store.createTagLike("other:1", "other", 99, "x"))
			.withMessage("Segment tag 'other' does not exist in table idgen_segment; an operator adds it with:"
					+ " INSERT INTO idgen_segment (tag, step) VALUES ('other', 1000);");
	}

}
