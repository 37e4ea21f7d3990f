package io.github.idgen.jdbc;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The takeover rule on this host's monotonic clock: a row is stale only once the same version has
 * been seen for a whole lease timeout, counted from when it was first seen.
 */
class RowObservationsTests {

	private static final long TIMEOUT = TimeUnit.SECONDS.toNanos(10);

	private final RowObservations observations = new RowObservations(TIMEOUT);

	@Test
	void aRowNeverSeenIsNotStale() {
		assertThat(this.observations.isStale(7, 3, Long.MAX_VALUE)).isFalse();
	}

	@Test
	void aVersionSeenUnchangedIsStaleAfterAWholeTimeoutFromItsFirstSightingAndNotBefore() {
		this.observations.saw(7, 3, true, 1_000);
		this.observations.saw(7, 3, true, 5_000_000_000L);
		assertThat(this.observations.isStale(7, 3, 1_000 + TIMEOUT - 1)).isFalse();
		assertThat(this.observations.isStale(7, 3, 1_000 + TIMEOUT)).isTrue();
	}

	@Test
	void aNewVersionStartsTheCountAgain() {
		this.observations.saw(7, 3, true, 0);
		this.observations.saw(7, 4, true, TIMEOUT - 1);
		assertThat(this.observations.isStale(7, 4, TIMEOUT)).isFalse();
		assertThat(this.observations.isStale(7, 3, TIMEOUT)).as("the old version is gone").isFalse();
		assertThat(this.observations.isStale(7, 4, 2 * TIMEOUT - 1)).isTrue();
	}

	@Test
	void onlyAStaleRowThatNamesAHolderIsAbandoned() {
		this.observations.saw(7, 3, true, 0);
		this.observations.saw(8, 3, false, 0);
		assertThat(this.observations.isAbandoned(7, 3, TIMEOUT)).isTrue();
		assertThat(this.observations.isStale(8, 3, TIMEOUT)).isTrue();
		assertThat(this.observations.isAbandoned(8, 3, TIMEOUT)).as("a free row has nobody to take over from").isFalse();
		assertThat(this.observations.isAbandoned(7, 3, TIMEOUT - 1)).isFalse();
	}

	@Test
	void rowsAreCountedApart() {
		this.observations.saw(7, 3, true, 0);
		this.observations.saw(8, 3, true, TIMEOUT / 2);
		assertThat(this.observations.isStale(7, 3, TIMEOUT)).isTrue();
		assertThat(this.observations.isStale(8, 3, TIMEOUT)).isFalse();
	}

}
