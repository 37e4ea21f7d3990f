package io.github.idgen.snowflake;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Where a time unit's sequence starts, and what that does to the low bits of low-traffic ids: the
 * residues of {@code id % 2}, {@code % 4} and {@code % 16} of 10,000 ids issued about one per
 * millisecond must each be within 10 % of their share.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
class SequenceStartTests {

	private static final long T = Instant.parse("2026-06-01T00:00:00Z").toEpochMilli();

	private static final int IDS = 10_000;

	private final FakeClock clock = new FakeClock(T);

	private IdServiceTwitter generator(SnowflakeLayout layout, SequenceStart start) {
		return IdServiceTwitter.builder().layout(layout).sequenceStart(start).workerId(3).clock(this.clock).build();
	}

	/** Issues ids one by one while the clock moves {@code stepMillis} after every read: one id a step. */
	private long[] issueOneEvery(IdServiceTwitter generator, long stepMillis) {
		this.clock.advanceEvery(1, stepMillis);
		long[] ids = new long[IDS];
		for (int i = 0; i < ids.length; i++) {
			ids[i] = generator.nextId();
		}
		return ids;
	}

	/** Counts of {@code id % modulus} for each residue. */
	private static long[] residues(long[] ids, int modulus) {
		long[] counts = new long[modulus];
		for (long id : ids) {
			counts[(int) (id % modulus)]++;
		}
		return counts;
	}

	private static void assertEvenWithinTenPercent(long[] ids) {
		for (int modulus : new int[] { 2, 4, 16 }) {
			double share = (double) ids.length / modulus;
			long[] counts = residues(ids, modulus);
			for (int residue = 0; residue < modulus; residue++) {
				assertThat((double) counts[residue]).as("ids with id %% %d == %d", modulus, residue)
					.isBetween(share * 0.9, share * 1.1);
			}
		}
	}

	@Test
	void zeroIsTheDefaultAndPutsEveryTwitterIdIssuedOnePerMillisecondIntoOneShard() {
		IdServiceTwitter generator = IdServiceTwitter.builder().clock(this.clock).build();
		assertThat(generator.getSequenceStart()).isEqualTo(SequenceStart.ZERO);
		long[] ids = issueOneEvery(generator, 1);
		assertThat(residues(ids, 16)[0]).isEqualTo(IDS);
	}

	@Test
	void rotateSpreadsTwitterIdsIssuedOnePerMillisecondEvenly() {
		IdServiceTwitter generator = generator(SnowflakeLayout.TWITTER, SequenceStart.ROTATE);
		long[] ids = issueOneEvery(generator, 1);
		// one id a millisecond: 10,000 milliseconds, none sharing a timestamp
		assertThat(SnowflakeLayout.TWITTER.timestampMillis(ids[IDS - 1]) - SnowflakeLayout.TWITTER.timestampMillis(ids[0]))
			.isEqualTo(IDS - 1);
		assertEvenWithinTenPercent(ids);
		assertStrictlyIncreasing(ids);
	}

	@Test
	void javascriptSafeIdsIssuedOnePerMillisecondAreEvenAlreadyWithZero() {
		// a thousand ids share each second: the sequence counts 0..999 and the residues come out even
		long[] ids = issueOneEvery(generator(SnowflakeLayout.JAVASCRIPT_SAFE, SequenceStart.ZERO), 1);
		assertEvenWithinTenPercent(ids);
	}

	@Test
	void javascriptSafeIdsIssuedTenPerSecondPileUpWithZeroAndSpreadWithRotate() {
		long[] zero = issueOneEvery(generator(SnowflakeLayout.JAVASCRIPT_SAFE, SequenceStart.ZERO), 100);
		// sequences 0..9 of every second: residues 10..15 of id % 16 never come up
		assertThat(residues(zero, 16)).endsWith(0, 0, 0, 0, 0, 0);
		this.clock.set(T);
		long[] rotate = issueOneEvery(generator(SnowflakeLayout.JAVASCRIPT_SAFE, SequenceStart.ROTATE), 100);
		assertEvenWithinTenPercent(rotate);
		assertStrictlyIncreasing(rotate);
	}

	@Test
	void rotateCyclesEachIdsSequenceOnFromTheLastWhateverTheTraffic() {
		IdServiceTwitter generator = generator(SnowflakeLayout.TWITTER, SequenceStart.ROTATE);
		long previous = generator.nextId();
		for (int unit = 1; unit < 300; unit++) {
			this.clock.set(T + unit);
			// 1 to 7 ids a millisecond, in no regular pattern
			for (int i = 0; i < 1 + (unit * 37 % 7); i++) {
				long id = generator.nextId();
				assertThat(id & 255).as("id %d after %d", id, previous).isEqualTo((previous + 1) & 255);
				previous = id;
			}
		}
	}

	@Test
	void rotateCostsAUnitAtMostItsStartAndAUnitAfterAUsedUpOneNothing() {
		IdServiceTwitter generator = generator(SnowflakeLayout.TWITTER, SequenceStart.ROTATE);
		generator.nextIds(255);
		this.clock.set(T + 1).advanceEvery(1);
		// the unit after 255 ids starts at sequence 255, the largest start: 4096 - 255 ids are left
		List<Long> next = generator.nextIds(4096);
		assertThat(next).filteredOn((id) -> SnowflakeLayout.TWITTER.timestampMillis(id) == T + 1).hasSize(4096 - 255);
		assertThat(SnowflakeLayout.TWITTER.decompose(next.get(0)).sequence()).isEqualTo(255);
		// the rest came from the next millisecond, which follows a used-up one and starts at 0
		assertThat(SnowflakeLayout.TWITTER.decompose(next.get(4096 - 255)).sequence()).isZero();
		assertThat(SnowflakeLayout.TWITTER.decompose(next.get(4096 - 255)).timestamp())
			.isEqualTo(Instant.ofEpochMilli(T + 2));
	}

	@Test
	void rotateRotatesOverASixteenthOfTheSequence() {
		assertThat(SequenceStart.ROTATE.startMask(SnowflakeLayout.TWITTER)).isEqualTo(255);
		assertThat(SequenceStart.ROTATE.startMask(SnowflakeLayout.builder().sequenceBits(5).build())).isEqualTo(1);
		assertThat(SequenceStart.ZERO.startMask(SnowflakeLayout.TWITTER)).isZero();
	}

	@Test
	void rotateNeedsFiveSequenceBits() {
		SnowflakeLayout narrow = SnowflakeLayout.builder().sequenceBits(4).build();
		assertThatIllegalArgumentException().isThrownBy(() -> generator(narrow, SequenceStart.ROTATE))
			.withMessage("sequenceStart ROTATE needs at least 5 sequence bits, the layout has 4: use ZERO, or a layout"
					+ " with more sequence bits");
		assertThat(generator(narrow, SequenceStart.ZERO).getSequenceStart()).isEqualTo(SequenceStart.ZERO);
	}

	private static void assertStrictlyIncreasing(long[] ids) {
		for (int i = 1; i < ids.length; i++) {
			assertThat(ids[i]).as("id %d", i).isGreaterThan(ids[i - 1]);
		}
	}

}
