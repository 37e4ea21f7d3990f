package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Tests for {@link IdServiceTwitter}, on a {@link FakeClock} so that every millisecond boundary and
 * clock step happens exactly where the test puts it.
 */
// A guard, not a speed assertion: a generator that waits when it should not waits forever on a
// frozen fake clock, and ignores interrupts, so a broken build fails here instead of hanging.
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
class IdServiceTwitterTests {

	/** 2026-01-01T00:00:00Z, "now" for most tests. */
	private static final long T = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

	private final FakeClock clock = new FakeClock(T);

	private IdServiceTwitter generator(int workerId, int datacenterId) {
		return IdServiceTwitter.builder().workerId(workerId).datacenterId(datacenterId).clock(this.clock).build();
	}

	private IdServiceTwitter generator() {
		return generator(3, 5);
	}

	private static void assertStrictlyIncreasing(List<Long> ids) {
		for (int i = 1; i < ids.size(); i++) {
			assertThat(ids.get(i)).as("id %d of %d", i, ids.size()).isGreaterThan(ids.get(i - 1));
		}
	}

	@Nested
	class Ids {

		@Test
		void areStrictlyIncreasingAndPositive() {
			IdServiceTwitter generator = generator();
			IdServiceTwitterTests.this.clock.advanceEvery(7);
			List<Long> ids = new ArrayList<>();
			for (int i = 0; i < 20_000; i++) {
				ids.add(generator.nextId());
			}
			assertThat(ids.get(0)).isPositive();
			assertStrictlyIncreasing(ids);
			// 20,000 ids at one millisecond per 7 reads: several milliseconds, not just one
			assertThat(ids.stream().map(id -> generator.getLayout().timestampMillis(id)).distinct().count())
				.isGreaterThan(1);
		}

		@Test
		void carryWorkerIdDatacenterIdTimestampFromTheClockAndSequence() {
			IdServiceTwitter generator = generator(7, 19);
			SnowflakeLayout layout = generator.getLayout();
			SnowflakeId first = layout.decompose(generator.nextId());
			SnowflakeId second = layout.decompose(generator.nextId());
			SnowflakeId third = layout.decompose(generator.nextId());
			for (SnowflakeId id : List.of(first, second, third)) {
				assertThat(id.workerId()).isEqualTo(7);
				assertThat(id.datacenterId()).isEqualTo(19);
				assertThat(id.timestamp()).isEqualTo(Instant.ofEpochMilli(T));
			}
			assertThat(List.of(first.sequence(), second.sequence(), third.sequence())).containsExactly(0, 1, 2);
			IdServiceTwitterTests.this.clock.step(1);
			SnowflakeId nextMillisecond = layout.decompose(generator.nextId());
			assertThat(nextMillisecond.timestamp()).isEqualTo(Instant.ofEpochMilli(T + 1));
			assertThat(nextMillisecond.sequence()).isZero();
			assertThat(nextMillisecond.workerId()).isEqualTo(7);
			assertThat(nextMillisecond.datacenterId()).isEqualTo(19);
		}

		@Test
		void useTheDefaultEpochAndToleranceUnlessToldOtherwise() {
			IdServiceTwitter generator = generator();
			assertThat(generator.getLayout().epoch()).isEqualTo(SnowflakeLayout.DEFAULT_EPOCH);
			assertThat(generator.getClockBackwardsTolerance()).isEqualTo(Duration.ofMillis(5));
			assertThat(generator.getWorkerId()).isEqualTo(3);
			assertThat(generator.getDatacenterId()).isEqualTo(5);
			long id = generator.nextId();
			assertThat(id >>> 22).isEqualTo(T - 1288834974657L);
		}

		@Test
		void useTheGivenEpoch() {
			Instant epoch = Instant.parse("2020-01-01T00:00:00Z");
			IdServiceTwitter generator = IdServiceTwitter.builder()
				.epoch(epoch)
				.clock(IdServiceTwitterTests.this.clock)
				.build();
			long id = generator.nextId();
			assertThat(id >>> 22).isEqualTo(T - epoch.toEpochMilli());
			assertThat(generator.getLayout().decompose(id).timestamp()).isEqualTo(Instant.ofEpochMilli(T));
		}

		@Test
		void fromTheNextMillisecondWhenTheSequenceOfOneMillisecondIsUsedUp() {
			IdServiceTwitter generator = generator();
			SnowflakeLayout layout = generator.getLayout();
			// the clock is frozen at T: all 4096 sequence values of T
			long[] ids = new long[4096];
			for (int i = 0; i < ids.length; i++) {
				ids[i] = generator.nextId();
				SnowflakeId id = layout.decompose(ids[i]);
				assertThat(id.timestamp()).isEqualTo(Instant.ofEpochMilli(T));
				assertThat(id.sequence()).isEqualTo(i);
			}
			// from now on the clock reaches T + 1 after three more reads
			IdServiceTwitterTests.this.clock.advanceEvery(3);
			long readsBefore = IdServiceTwitterTests.this.clock.reads();
			long next = generator.nextId();
			SnowflakeId id = layout.decompose(next);
			assertThat(id.timestamp()).as("timestamp of id 4097").isEqualTo(Instant.ofEpochMilli(T + 1));
			assertThat(id.sequence()).as("sequence of id 4097").isZero();
			assertThat(next).isGreaterThan(ids[4095]).isNotEqualTo(ids[0]);
			// it waited for the clock (read it until it moved) instead of wrapping the sequence within T
			assertThat(IdServiceTwitterTests.this.clock.reads() - readsBefore).isGreaterThan(3);
		}

	}

	@Nested
	class ClockMovingBackwards {

		@ParameterizedTest(name = "{0} ms back")
		@ValueSource(longs = { 1, 3, 5 })
		void aStepWithinTheToleranceIsWaitedOut(long stepBack) {
			FakeClock clock = IdServiceTwitterTests.this.clock;
			IdServiceTwitter generator = generator();
			long last = generator.nextId();
			clock.step(-stepBack).advanceEvery(1);
			long next = generator.nextId();
			assertThat(next).isGreaterThan(last);
			assertThat(generator.getLayout().timestampMillis(next))
				.isGreaterThanOrEqualTo(generator.getLayout().timestampMillis(last));
			// it returned only once the clock had caught up again
			assertThat(clock.peek()).isGreaterThanOrEqualTo(T);
		}

		@Test
		void aStepWithinTheToleranceAfterAUsedUpSequenceIsWaitedOutToTheNextMillisecond() {
			FakeClock clock = IdServiceTwitterTests.this.clock;
			IdServiceTwitter generator = generator();
			long last = 0;
			for (int i = 0; i < 4096; i++) {
				last = generator.nextId();
			}
			clock.step(-4).advanceEvery(1);
			long next = generator.nextId();
			assertThat(next).isGreaterThan(last);
			// not T again (that would wrap the sequence), a later millisecond with a fresh sequence
			assertThat(generator.getLayout().decompose(next).timestamp()).isAfter(Instant.ofEpochMilli(T));
			assertThat(generator.getLayout().decompose(next).sequence()).isZero();
		}

		@Test
		void aStepBeyondTheToleranceFailsAtOnceNamingTheStepAndTheFix() {
			FakeClock clock = IdServiceTwitterTests.this.clock;
			IdServiceTwitter generator = generator();
			generator.nextId();
			clock.step(-6);
			long readsBefore = clock.reads();
			assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId)
				.satisfies((ex) -> {
					assertThat(ex.getBackwardsMillis()).isEqualTo(6);
					assertThat(ex.getToleranceMillis()).isEqualTo(5);
					assertThat(ex.getLastIssued()).isEqualTo(Instant.ofEpochMilli(T));
				})
				.withMessageContaining("Clock moved backwards by 6 ms")
				.withMessageContaining("tolerated 5 ms")
				.withMessageContaining(Instant.ofEpochMilli(T).toString())
				.withMessageContaining("time synchronisation")
				.withMessageContaining("xxx.common.id-clock-backwards-tolerance");
			// failed on the first look at the clock instead of waiting
			assertThat(clock.reads() - readsBefore).isEqualTo(1);
		}

		@Test
		void aStepBeyondTheToleranceFailsBatchesToo() {
			IdServiceTwitter generator = generator();
			generator.nextId();
			IdServiceTwitterTests.this.clock.step(-1000);
			assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(() -> generator.nextIds(10))
				.satisfies((ex) -> assertThat(ex.getBackwardsMillis()).isEqualTo(1000));
		}

		@Test
		void idsResumeAboveTheLastOnceTheClockHasCaughtUp() {
			FakeClock clock = IdServiceTwitterTests.this.clock;
			IdServiceTwitter generator = generator();
			long last = generator.nextId();
			clock.step(-60_000);
			assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId);
			assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId);
			clock.set(T);
			long resumed = generator.nextId();
			assertThat(resumed).isGreaterThan(last);
			assertThat(generator.getLayout().decompose(resumed).sequence()).isEqualTo(1);
			clock.set(T + 1);
			assertThat(generator.nextId()).isGreaterThan(resumed);
		}

		@Test
		void zeroToleranceFailsOnAStepOfOneMillisecond() {
			FakeClock clock = IdServiceTwitterTests.this.clock;
			IdServiceTwitter generator = IdServiceTwitter.builder().clockBackwardsTolerance(Duration.ZERO).clock(clock)
				.build();
			generator.nextId();
			clock.step(-1);
			assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId)
				.satisfies((ex) -> {
					assertThat(ex.getBackwardsMillis()).isEqualTo(1);
					assertThat(ex.getToleranceMillis()).isZero();
				});
		}

		@Test
		void zeroToleranceStillWaitsForTheNextMillisecondWhenTheSequenceIsUsedUp() {
			FakeClock clock = IdServiceTwitterTests.this.clock;
			IdServiceTwitter generator = IdServiceTwitter.builder().clockBackwardsTolerance(Duration.ZERO).clock(clock)
				.build();
			List<Long> ids = generator.nextIds(4096);
			clock.advanceEvery(2);
			long next = generator.nextId();
			assertThat(next).isGreaterThan(ids.get(4095));
			assertThat(generator.getLayout().decompose(next).timestamp()).isEqualTo(Instant.ofEpochMilli(T + 1));
		}

		@Test
		void aStepBeyondTheToleranceWhileWaitingForTheNextMillisecondFailsInsteadOfSleepingItOff() {
			FakeClock clock = IdServiceTwitterTests.this.clock;
			IdServiceTwitter generator = generator();
			List<Long> ids = generator.nextIds(4096);
			// the first read sees the used-up millisecond T and starts to wait for T + 1; the next read
			// finds the clock stepped back by 2 s. Should the generator sleep that off (it must not),
			// the clock is at T + 1 when it looks again, so this test fails instead of hanging.
			clock.thenRead(T, T - 2000, T + 1);
			assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId)
				.satisfies((ex) -> assertThat(ex.getBackwardsMillis()).isEqualTo(2000));
			assertThat(generator.nextId()).isGreaterThan(ids.get(4095));
		}

	}

	@Nested
	class ContinueAfter {

		@Test
		void aNegativeIdIsRejectedNamingTheArgument() {
			assertThatIllegalArgumentException().isThrownBy(() -> IdServiceTwitter.builder().continueAfter(-1))
				.withMessage("continueAfter must be an id (not negative), was -1");
		}

		@Test
		void makesTheFirstIdGreaterThanTheGivenOneEvenWithASmallerWorkerId() {
			FakeClock clock = IdServiceTwitterTests.this.clock;
			IdServiceTwitter previous = generator(31, 31);
			long previousId = previous.nextIds(10).get(9);

			// without continueAfter, a generator with smaller node ids in the same millisecond is behind
			IdServiceTwitter unaware = IdServiceTwitter.builder().workerId(0).datacenterId(0)
				.clock(new FakeClock(T))
				.build();
			assertThat(unaware.nextId()).isLessThan(previousId);

			IdServiceTwitter successor = IdServiceTwitter.builder().workerId(0).datacenterId(0).clock(clock)
				.continueAfter(previous.lastIssuedId())
				.build();
			clock.advanceEvery(2);
			long first = successor.nextId();
			assertThat(first).isGreaterThan(previousId);
			SnowflakeId decomposed = successor.getLayout().decompose(first);
			assertThat(decomposed.timestamp()).isEqualTo(Instant.ofEpochMilli(T + 1));
			assertThat(decomposed.workerId()).isZero();
			assertThat(decomposed.datacenterId()).isZero();
		}

		@Test
		void takesTheClockAsItIsWhenTheGivenIdIsOlder() {
			IdServiceTwitter previous = generator(31, 31);
			long previousId = previous.nextId();
			IdServiceTwitterTests.this.clock.set(T + 50);
			IdServiceTwitter successor = IdServiceTwitter.builder().workerId(1).clock(IdServiceTwitterTests.this.clock)
				.continueAfter(previousId)
				.build();
			long first = successor.nextId();
			assertThat(first).isGreaterThan(previousId);
			assertThat(successor.getLayout().decompose(first).timestamp()).isEqualTo(Instant.ofEpochMilli(T + 50));
			assertThat(successor.getLayout().decompose(first).sequence()).isZero();
		}

		@Test
		void lastIssuedIdIsAPointEveryLaterIdIsGreaterThan() {
			IdServiceTwitter generator = generator();
			long id = generator.nextId();
			assertThat(generator.lastIssuedId()).isEqualTo(id);
			List<Long> batch = generator.nextIds(3);
			assertThat(generator.lastIssuedId()).isEqualTo(batch.get(2));
		}

	}

	@Nested
	class InvalidArguments {

		@ParameterizedTest(name = "workerId {0}")
		@ValueSource(longs = { -1, 32 })
		void workerIdOutOfRange(long workerId) {
			String message = "workerId must be between 0 and 31, was " + workerId;
			assertThatIllegalArgumentException().isThrownBy(() -> new IdServiceTwitter(workerId, 0))
				.withMessage(message);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> IdServiceTwitter.builder().workerId(workerId).clock(IdServiceTwitterTests.this.clock).build())
				.withMessage(message);
		}

		@ParameterizedTest(name = "datacenterId {0}")
		@ValueSource(longs = { -1, 32 })
		void datacenterIdOutOfRange(long datacenterId) {
			String message = "datacenterId must be between 0 and 31, was " + datacenterId;
			assertThatIllegalArgumentException().isThrownBy(() -> new IdServiceTwitter(0, datacenterId))
				.withMessage(message);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> IdServiceTwitter.builder()
					.datacenterId(datacenterId)
					.clock(IdServiceTwitterTests.this.clock)
					.build())
				.withMessage(message);
		}

		@Test
		void largestIdsAreAccepted() {
			IdServiceTwitter generator = generator(31, 31);
			SnowflakeId id = generator.getLayout().decompose(generator.nextId());
			assertThat(id.workerId()).isEqualTo(31);
			assertThat(id.datacenterId()).isEqualTo(31);
			assertThatNoException().isThrownBy(() -> new IdServiceTwitter(31, 31));
		}

		@Test
		void epochInTheFuture() {
			Instant epoch = Instant.ofEpochMilli(T + 1);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> IdServiceTwitter.builder().epoch(epoch).clock(IdServiceTwitterTests.this.clock).build())
				.isInstanceOf(InvalidLayoutException.class)
				.withMessage("epoch " + epoch + " is in the future (the clock reads " + Instant.ofEpochMilli(T)
						+ "): choose an epoch before the first id");
		}

		@Test
		void epochNowIsAccepted() {
			FakeClock clock = IdServiceTwitterTests.this.clock;
			IdServiceTwitter generator = IdServiceTwitter.builder().epoch(Instant.ofEpochMilli(T)).clock(clock).build();
			clock.advanceEvery(1);
			long id = generator.nextId();
			assertThat(id).isPositive();
			assertThat(generator.getLayout().decompose(id).timestamp()).isAfterOrEqualTo(Instant.ofEpochMilli(T));
		}

		@Test
		void epochBefore1970() {
			Instant epoch = Instant.EPOCH.minusMillis(1);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> IdServiceTwitter.builder().epoch(epoch).clock(IdServiceTwitterTests.this.clock).build())
				.withMessage("epoch 1969-12-31T23:59:59.999Z is before 1970-01-01T00:00:00Z: choose an epoch from 1970 on,"
						+ " shortly before the first id");
		}

		@Test
		void epochWithASubMillisecondPart() {
			Instant epoch = Instant.parse("2020-01-01T00:00:00Z").plusNanos(1000);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> IdServiceTwitter.builder().epoch(epoch).clock(IdServiceTwitterTests.this.clock).build())
				.withMessage("epoch 2020-01-01T00:00:00.000001Z is not a whole millisecond: drop its fraction of a millisecond");
		}

		@Test
		void epochMoreThan2To41MillisecondsAgo() {
			// the system clock cannot be 2^41 ms (69.7 years) after 1970 yet, a fake one can
			Instant epoch = Instant.parse("2000-01-01T00:00:00Z");
			FakeClock clock = new FakeClock(epoch.toEpochMilli() + SnowflakeLayout.TWITTER.maxTimestamp() + 1);
			assertThatExceptionOfType(InvalidLayoutException.class)
				.isThrownBy(() -> IdServiceTwitter.builder().epoch(epoch).clock(clock).build())
				.withMessageStartingWith("epoch " + epoch + " is too far back for 41 timestamp bits at a 1ms time unit")
				.withMessageContaining("ran out at 2069-09-06T15:47:35.551Z")
				.satisfies((ex) -> assertThat(ex.getParameter()).isEqualTo(LayoutParameter.EPOCH));
		}

		@Test
		void epochExactly2To41MinusOneMillisecondsAgoIssuesItsLastMillisecondThenFails() {
			Instant epoch = Instant.parse("2000-01-01T00:00:00Z");
			FakeClock clock = new FakeClock(epoch.toEpochMilli() + SnowflakeLayout.TWITTER.maxTimestamp());
			IdServiceTwitter generator = IdServiceTwitter.builder().epoch(epoch).clock(clock).build();
			long id = generator.nextId();
			assertThat(id).isPositive();
			assertThat(generator.getLayout().decompose(id).timestamp()).isEqualTo(generator.getLayout().lastTimestamp());
			clock.step(1);
			assertThatExceptionOfType(IllegalStateException.class).isThrownBy(generator::nextId)
				.withMessageContaining("ran out at " + generator.getLayout().lastTimestamp())
				.withMessageContaining("xxx.common.id-epoch");
		}

		@ParameterizedTest(name = "{0} ms")
		@ValueSource(longs = { -1, 1001, 2000 })
		void toleranceOutOfRange(long millis) {
			assertThatIllegalArgumentException()
				.isThrownBy(() -> IdServiceTwitter.builder()
					.clockBackwardsTolerance(Duration.ofMillis(millis))
					.clock(IdServiceTwitterTests.this.clock)
					.build())
				.withMessage("clockBackwardsTolerance must be between 0 and 1000 ms, was " + millis + " ms");
		}

		@ParameterizedTest(name = "{0} ms")
		@ValueSource(longs = { 0, 1000 })
		void toleranceAtTheEndsOfTheRangeIsAccepted(long millis) {
			IdServiceTwitter generator = IdServiceTwitter.builder()
				.clockBackwardsTolerance(Duration.ofMillis(millis))
				.clock(IdServiceTwitterTests.this.clock)
				.build();
			assertThat(generator.getClockBackwardsTolerance()).isEqualTo(Duration.ofMillis(millis));
		}

		@Test
		void nullsAreRejectedByName() {
			IdServiceTwitter.Builder builder = IdServiceTwitter.builder();
			assertThatExceptionOfType(NullPointerException.class).isThrownBy(() -> builder.epoch(null))
				.withMessageContaining("epoch");
			assertThatExceptionOfType(NullPointerException.class).isThrownBy(() -> builder.clockBackwardsTolerance(null))
				.withMessageContaining("clockBackwardsTolerance");
			assertThatExceptionOfType(NullPointerException.class).isThrownBy(() -> builder.clock(null))
				.withMessageContaining("clock");
		}

	}

	@Nested
	class NextIds {

		@Test
		void returnsNumIncreasingIdsOfTheCurrentMillisecond() {
			IdServiceTwitter generator = generator();
			List<Long> ids = generator.nextIds(10);
			assertThat(ids).hasSize(10).doesNotHaveDuplicates();
			assertStrictlyIncreasing(ids);
			assertThat(ids).map(id -> generator.getLayout().decompose(id).sequence())
				.containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
		}

		@Test
		void moreThan4096IdsSpanMilliseconds() {
			IdServiceTwitter generator = generator();
			IdServiceTwitterTests.this.clock.set(T).advanceEvery(1);
			List<Long> ids = generator.nextIds(10_000);
			assertThat(ids).hasSize(10_000).doesNotHaveDuplicates();
			assertStrictlyIncreasing(ids);
			Map<Long, Long> perMillisecond = ids.stream()
				.collect(Collectors.groupingBy(id -> generator.getLayout().timestampMillis(id), TreeMap::new,
						Collectors.counting()));
			assertThat(perMillisecond).containsExactly(Map.entry(T, 4096L), Map.entry(T + 1, 4096L),
					Map.entry(T + 2, 1808L));
		}

		@Test
		void continuesTheSequenceOfAPartlyUsedMillisecond() {
			IdServiceTwitter generator = generator();
			for (int i = 0; i < 4000; i++) {
				generator.nextId();
			}
			IdServiceTwitterTests.this.clock.advanceEvery(1);
			List<Long> ids = generator.nextIds(200);
			assertStrictlyIncreasing(ids);
			SnowflakeLayout layout = generator.getLayout();
			assertThat(layout.decompose(ids.get(0)).sequence()).isEqualTo(4000);
			assertThat(layout.decompose(ids.get(95)).sequence()).isEqualTo(4095);
			assertThat(layout.decompose(ids.get(95)).timestamp()).isEqualTo(Instant.ofEpochMilli(T));
			assertThat(layout.decompose(ids.get(96)).sequence()).isZero();
			assertThat(layout.decompose(ids.get(96)).timestamp()).isAfter(Instant.ofEpochMilli(T));
		}

		@Test
		void largestBatch() {
			IdServiceTwitter generator = generator();
			IdServiceTwitterTests.this.clock.advanceEvery(1);
			List<Long> ids = generator.nextIds(IdService.MAX_BATCH_SIZE);
			assertThat(ids).hasSize(IdService.MAX_BATCH_SIZE);
			assertStrictlyIncreasing(ids);
		}

		@ParameterizedTest(name = "num {0}")
		@ValueSource(ints = { 0, -1, IdService.MAX_BATCH_SIZE + 1, Integer.MIN_VALUE })
		void rejectsNumOutOfRange(int num) {
			IdServiceTwitter generator = generator();
			assertThatIllegalArgumentException().isThrownBy(() -> generator.nextIds(num))
				.withMessage("num must be between 1 and 100000, was " + num);
		}

		@Test
		void returnsAnUnmodifiableList() {
			IdServiceTwitter generator = generator();
			List<Long> ids = generator.nextIds(3);
			List<Long> copy = List.copyOf(ids);
			assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> ids.add(1L));
			assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> ids.set(0, 1L));
			assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> ids.remove(0));
			assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(ids::clear);
			assertThatExceptionOfType(UnsupportedOperationException.class)
				.isThrownBy(() -> ids.sort(Collections.reverseOrder()));
			assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> ids.removeIf(id -> true));
			Iterator<Long> iterator = ids.iterator();
			iterator.next();
			assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(iterator::remove);
			assertThat(ids).isEqualTo(copy);
		}

		@Test
		void interleaveWithNextIdInIncreasingOrder() {
			IdServiceTwitter generator = generator();
			IdServiceTwitterTests.this.clock.advanceEvery(5);
			List<Function<IdService, Collection<Long>>> calls = List.of((s) -> List.of(s.nextId()),
					(s) -> s.nextIds(3), (s) -> List.of(s.nextId()), (s) -> s.nextIds(5000), (s) -> List.of(s.nextId()),
					(s) -> s.nextIds(1), (s) -> s.nextIds(4096), (s) -> List.of(s.nextId()));
			List<Long> all = new ArrayList<>();
			for (Function<IdService, Collection<Long>> call : calls) {
				all.addAll(call.apply(generator));
			}
			assertThat(all).hasSize(1 + 3 + 1 + 5000 + 1 + 1 + 4096 + 1);
			assertStrictlyIncreasing(all);
		}

	}

}
