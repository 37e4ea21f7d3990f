package io.github.idgen.lease;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The high-water mark rules, over a store in memory: a mark is only ever raised, another holder's
 * record is left alone, a changed record is read again, a sticky id is found by instance name, and the
 * clock check reads a bounded sample. (How ZooKeeper keeps the records is proven on a real server in
 * the cluster tests.)
 */
class HighWaterMarksTests {

	private static final long AHEAD = 400;

	private final AtomicLong clock = new AtomicLong(1_000_000);

	private final InMemoryLeaseBackend backend = new InMemoryLeaseBackend();

	private final LeaseHolder holder = new LeaseHolder("1@h", "h", 1, Instant.EPOCH, "pod-0", "our-token");

	private final HighWaterMarks marks = new HighWaterMarks(this.backend, this.clock::get, AHEAD, this.holder);

	@Test
	void nextRaisesTheMarkToTheClockPlusTheMarkAheadAndNamesThisHolder() {
		HighWaterMark next = this.marks.next(HighWaterMark.NONE, 1_000_000, 0x42L);

		assertThat(next).isEqualTo(new HighWaterMark(1_000_400, 400, "pod-0", "1@h", 0x42L, "our-token"));
	}

	@Test
	void nextNeverLowersAMarkThatIsFurtherAhead() {
		HighWaterMark promised = ours(2_000_000);

		HighWaterMark next = this.marks.next(promised, 1_000_000, 0x42L);

		assertThat(next.markMillis()).isEqualTo(2_000_000);
		assertThat(next.aheadMillis()).as("written at this clock").isEqualTo(1_000_000);
		assertThat(next.writtenAtMillis()).isEqualTo(1_000_000);
	}

	@Test
	void raiseOwnWritesItsOwnRecordAheadByCompareAndSet() throws Exception {
		this.backend.putMark(7, ours(999_000));
		long version = this.backend.version(7);

		Long written = this.marks.raiseOwn(7, 0x42L, 0);

		assertThat(written).isEqualTo(1_000_400);
		assertThat(this.backend.mark(7).markMillis()).isEqualTo(1_000_400);
		assertThat(this.backend.version(7)).isEqualTo(version + 1);
	}

	@Test
	void raiseOwnNeverLowersItsOwnRecord() throws Exception {
		this.backend.putMark(7, ours(5_000_000));

		assertThat(this.marks.raiseOwn(7, 0x42L, 0)).isEqualTo(5_000_000);
		assertThat(this.backend.mark(7).markMillis()).isEqualTo(5_000_000);
	}

	@Test
	void raiseOwnLeavesAnotherHoldersRecordAloneAndReportsIt() throws Exception {
		HighWaterMark theirs = theirs(999_000);
		this.backend.putMark(7, theirs);
		long version = this.backend.version(7);

		assertThat(this.marks.raiseOwn(7, 0x42L, 0)).isNull();
		assertThat(this.backend.mark(7)).isEqualTo(theirs);
		assertThat(this.backend.version(7)).isEqualTo(version);
	}

	@Test
	void raiseOwnTakesNoRecordThatNobodyWrote() throws Exception {
		assertThat(this.marks.raiseOwn(7, 0x42L, 0)).isNull();
		assertThat(this.backend.mark(7)).isEqualTo(HighWaterMark.NONE);
	}

	@Test
	void raiseOwnReadsAChangedRecordAgainAndKeepsTheHigherMark() throws Exception {
		this.backend.putMark(7, ours(999_000));
		// a write of ours that raced (an earlier periodic write) moved the record on meanwhile
		this.backend.beforeNextWrite(() -> this.backend.putMark(7, ours(3_000_000)));

		Long written = this.marks.raiseOwn(7, 0x42L, 0);

		assertThat(written).isEqualTo(3_000_000);
		assertThat(this.backend.mark(7).markMillis()).isEqualTo(3_000_000);
		assertThat(this.backend.markReads()).as("read again after the failed compare-and-set").isEqualTo(2);
	}

	@Test
	void raiseOwnGivesUpWhenTheRecordWasTakenOverBetweenReadAndWrite() throws Exception {
		this.backend.putMark(7, ours(999_000));
		HighWaterMark theirs = theirs(1_200_000);
		this.backend.beforeNextWrite(() -> this.backend.putMark(7, theirs));

		assertThat(this.marks.raiseOwn(7, 0x42L, 0)).isNull();
		assertThat(this.backend.mark(7)).isEqualTo(theirs);
	}

	@Test
	void writeAheadAdvancesTheMarkOfTheLease() {
		this.backend.putMark(7, ours(999_000));
		WorkerIdLease lease = lease(7, 1_000_200);

		assertThat(this.marks.writeAhead(lease)).isEqualTo(HighWaterMarks.Write.WRITTEN);
		assertThat(lease.getMarkMillis()).isEqualTo(1_000_400);
	}

	@Test
	void writeAheadReportsResumedWhenIdsHadStoppedAtTheOldMark() {
		this.backend.putMark(7, ours(999_000));
		WorkerIdLease lease = lease(7, 1_000_000);

		assertThat(this.marks.writeAhead(lease)).isEqualTo(HighWaterMarks.Write.RESUMED);
		assertThat(lease.getMarkMillis()).isEqualTo(1_000_400);
	}

	@Test
	void writeAheadReportsATakeOverAndLeavesTheLeaseMarkAsItWas() {
		this.backend.putMark(7, theirs(999_000));
		WorkerIdLease lease = lease(7, 1_000_200);

		assertThat(this.marks.writeAhead(lease)).isEqualTo(HighWaterMarks.Write.TAKEN_OVER);
		assertThat(lease.getMarkMillis()).isEqualTo(1_000_200);
	}

	@Test
	void writeAheadThatFailsLeavesTheLastMarkStanding() {
		this.backend.putMark(7, ours(999_000));
		WorkerIdLease lease = lease(7, 1_000_200);
		this.backend.failWith(new IOException("connection loss"));

		assertThat(this.marks.writeAhead(lease)).isEqualTo(HighWaterMarks.Write.FAILED);
		assertThat(lease.getMarkMillis()).isEqualTo(1_000_200);
	}

	@Test
	void stickyNodeIdIsAFreeIdWhoseRecordNamesThisInstance() throws Exception {
		this.backend.putMark(3, theirs(1));
		this.backend.putMark(5, new HighWaterMark(1, 0, "pod-0", "9@elsewhere", 0, "an-earlier-run"));
		this.backend.putMark(9, ours(1));

		assertThat(this.marks.stickyNodeId(List.of(1, 3, 5))).isEqualTo(5);
	}

	@Test
	void stickyNodeIdIgnoresRecordsOfIdsThatAreNotFree() throws Exception {
		this.backend.putMark(3, theirs(1));
		this.backend.putMark(9, ours(1));

		assertThat(this.marks.stickyNodeId(List.of(1, 3, 5))).isEqualTo(-1);
	}

	@Test
	void lagBehindReadsAtMostEightRecordsOfLiveHolders() throws Exception {
		Set<Integer> live = IntStream.range(0, 40).boxed().collect(Collectors.toSet());
		live.forEach((nodeId) -> this.backend.putMark(nodeId, theirs(1)));

		this.marks.lagBehind(live);

		assertThat(this.backend.markReads()).isEqualTo(HighWaterMarks.CLOCK_SAMPLE).isEqualTo(8);
	}

	@Test
	void lagBehindIsTheFurthestAClockAheadOfThisOneWrote() throws Exception {
		HighWaterMark slightlyAhead = new HighWaterMark(1_000_500, 400, "b", "2@b", 2, "b");
		HighWaterMark furthestAhead = new HighWaterMark(1_003_000, 1_000, "c", "3@c", 3, "c");
		this.backend.putMark(1, new HighWaterMark(999_000, 400, "a", "1@a", 1, "a"));
		this.backend.putMark(2, slightlyAhead);
		this.backend.putMark(3, furthestAhead);

		HighWaterMarks.Lag lag = this.marks.lagBehind(Set.of(1, 2, 3));

		assertThat(lag.millis()).isEqualTo(2_000);
		assertThat(lag.mark()).isEqualTo(furthestAhead);
	}

	@Test
	void lagBehindIsZeroWhenNoLiveHolderIsAhead() throws Exception {
		this.backend.putMark(1, new HighWaterMark(999_000, 400, "a", "1@a", 1, "a"));

		HighWaterMarks.Lag lag = this.marks.lagBehind(Set.of(1, 2));

		assertThat(lag).isEqualTo(new HighWaterMarks.Lag(0, HighWaterMark.NONE));
	}

	private HighWaterMark ours(long markMillis) {
		return new HighWaterMark(markMillis, AHEAD, "pod-0", "1@h", 0x42L, "our-token");
	}

	private static HighWaterMark theirs(long markMillis) {
		return new HighWaterMark(markMillis, AHEAD, "pod-1", "2@elsewhere", 0x43L, "their-token");
	}

	private WorkerIdLease lease(int nodeId, long markMillis) {
		return new WorkerIdLease(1, this.backend.location(nodeId), nodeId, SnowflakeLayout.TWITTER, 0x42L, 0,
				this.holder, Instant.EPOCH, () -> 0L, DeadlineTimer.NONE, Long.MAX_VALUE, 0, markMillis);
	}

}
