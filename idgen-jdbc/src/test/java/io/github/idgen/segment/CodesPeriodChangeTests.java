package io.github.idgen.segment;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.codes.BusinessNumbers;
import io.github.idgen.codes.BusinessNumbersExhaustedException;
import io.github.idgen.codes.CodePattern;
import io.github.idgen.codes.ResetPeriod;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.AtOnce;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.MovableClock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Business numbers of one daily code from several instances (each its own pool, store, registry and
 * clock) on real PostgreSQL and MariaDB: across a period change that each instance's clock makes at a
 * different moment, when they all create a period's row at once, and at a period's capacity.
 */
class CodesPeriodChangeTests {

	static final Instant BEFORE_MIDNIGHT = Instant.parse("2026-11-24T23:59:59Z");

	static final Duration STEP_OVER_MIDNIGHT = Duration.ofSeconds(2);

	static final int INSTANCES = 3;

	static final int PER_DAY = 600;

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void instancesWhoseClocksChangeDayAtDifferentMomentsIssueUniqueNumbersRestartingAt1(DatabaseServer server)
			throws Exception {
		String tag = SegmentTables.uniqueTag("orders");
		try (Fleet fleet = new Fleet(server, tag, 7, "ORD{yyyyMMdd}{seq:6}", INSTANCES)) {
			List<Instance> instances = fleet.instances;
			// instance i moves to the next day after (i + 1) * 100 numbers, while the others go on with theirs
			List<List<String>> issued = AtOnce.run(instances, (instance) -> {
				List<String> numbers = new ArrayList<>();
				for (int i = 0; i < 2 * PER_DAY; i++) {
					if (i == (instance.index + 1) * 100) {
						instance.clock.advance(STEP_OVER_MIDNIGHT);
					}
					numbers.add(instance.code.next());
				}
				return numbers;
			});
			Set<String> all = new HashSet<>();
			List<Long> firstOfNextDay = new ArrayList<>();
			for (List<String> numbers : issued) {
				numbers.forEach((number) -> assertThat(all.add(number)).as("%s issued twice", number).isTrue());
				assertIncreasingWithinEachDay(numbers);
				firstOfNextDay.add(numbers.stream().filter((n) -> n.startsWith("ORD20261125")).mapToLong(
						CodesPeriodChangeTests::sequence).min().orElseThrow());
			}
			assertThat(all).hasSize(INSTANCES * 2 * PER_DAY);
			assertThat(firstOfNextDay).as("the next day's sequence starts again at 1").contains(1L);
			assertThat(all.stream().filter((n) -> n.startsWith("ORD20261124")).mapToLong(CodesPeriodChangeTests::sequence).min()
				.orElseThrow()).isEqualTo(1);
			try (HikariDataSource pool = server.pool(1)) {
				assertThat(SegmentTables.countRows(pool, tag + ":")).as("one row per period").isEqualTo(2);
				assertThat(SegmentTables.row(pool, tag + ":20261124").maxId()).isGreaterThanOrEqualTo(
						all.stream().filter((n) -> n.startsWith("ORD20261124")).count());
			}
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void instancesCreatingAPeriodsRowAtOnceEndWithOneRow(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("first-use");
		try (Fleet fleet = new Fleet(server, tag, 5, "F{yyyyMMdd}{seq:6}", 4)) {
			List<Instance> instances = fleet.instances;
			List<Boolean> created = AtOnce.run(IntStream.range(0, 16).boxed().toList(),
					(i) -> instances.get(i % 4).store.createTagLike(tag + ":20261124", tag, 999_999, "race"));
			assertThat(created).as("calls that created the row").containsOnlyOnce(true);
			// and through the codes: another day's row, first used by every instance at once
			instances.forEach((instance) -> instance.clock.advance(Duration.ofDays(1)));
			List<List<String>> numbers = AtOnce.run(IntStream.range(0, 16).boxed().toList(),
					(i) -> instances.get(i % 4).code.next(3));
			assertThat(numbers.stream().flatMap(List::stream).toList()).hasSize(48).doesNotHaveDuplicates()
				.allMatch((number) -> number.startsWith("F20261125"));
			try (HikariDataSource pool = server.pool(1)) {
				assertThat(SegmentTables.countRows(pool, tag + ":")).isEqualTo(2);
			}
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void twoInstancesIssueA2DigitPeriodsNinetyNineNumbersThenFail(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("capacity");
		try (Fleet fleet = new Fleet(server, tag, 8, "C{yyMMdd}{seq:2}", 2)) {
			List<Instance> instances = fleet.instances;
			List<List<String>> issued = AtOnce.run(instances, (instance) -> {
				List<String> numbers = new ArrayList<>();
				try {
					for (;;) {
						numbers.add(instance.code.next());
					}
				}
				catch (BusinessNumbersExhaustedException ex) {
					return numbers;
				}
			});
			List<String> all = issued.stream().flatMap(List::stream).toList();
			assertThat(all).hasSize(99).doesNotHaveDuplicates().allMatch((number) -> number.matches("C261124\\d\\d"));
			assertThat(all.stream().mapToLong(CodesPeriodChangeTests::sequence).max().orElseThrow()).isEqualTo(99);
			for (Instance instance : instances) {
				assertThatExceptionOfType(BusinessNumbersExhaustedException.class).isThrownBy(instance.code::next)
					.withMessageContaining("has issued all 99 numbers its 2-digit sequence holds in period 20261124");
			}
			try (HikariDataSource pool = server.pool(1)) {
				assertThat(SegmentTables.row(pool, tag + ":20261124")).isEqualTo(new SegmentTables.Row(99, 8, 99));
			}
		}
	}

	private static void assertIncreasingWithinEachDay(List<String> numbers) {
		for (int i = 1; i < numbers.size(); i++) {
			String previous = numbers.get(i - 1);
			String number = numbers.get(i);
			if (previous.regionMatches(0, number, 0, 11)) {
				assertThat(sequence(number)).as("%s after %s", number, previous).isGreaterThan(sequence(previous));
			}
			else {
				assertThat(number).as("the day only moves on").isGreaterThan(previous);
			}
		}
	}

	private static long sequence(String number) {
		return Long.parseLong(number.substring(number.length() - ((number.charAt(0) == 'C') ? 2 : 6)));
	}

	/** The tag's row, and instances issuing one code on it. */
	static final class Fleet implements AutoCloseable {

		final List<Instance> instances = new ArrayList<>();

		Fleet(DatabaseServer server, String tag, int step, String pattern, int count) {
			try (HikariDataSource pool = server.pool(1)) {
				SegmentTables.insertTag(pool, tag, 0, step, Long.MAX_VALUE);
			}
			for (int i = 0; i < count; i++) {
				this.instances.add(new Instance(i, server, tag, pattern));
			}
		}

		@Override
		public void close() {
			this.instances.forEach(Instance::close);
		}

	}

	/** One instance: its own pool, store, registry and clock. */
	static final class Instance implements AutoCloseable {

		final int index;

		final HikariDataSource pool;

		final JdbcSegmentStore store;

		final SegmentIdServices services;

		final MovableClock clock = new MovableClock(BEFORE_MIDNIGHT);

		final BusinessNumbers code;

		Instance(int index, DatabaseServer server, String tag, String pattern) {
			this.index = index;
			this.pool = server.pool(2);
			this.store = new JdbcSegmentStore(this.pool, SegmentTables.TABLE);
			// a small step, so that the instances' ranges interleave
			this.services = new SegmentIdServices(this.store, RealDatabases.settings(20, Duration.ofSeconds(5)));
			this.code = new BusinessNumbers("orders", tag, CodePattern.parse(pattern), ResetPeriod.DAILY, ZoneOffset.UTC,
					this.services, this.store, this.clock);
		}

		@Override
		public void close() {
			this.services.close();
			this.pool.close();
		}

	}

}
