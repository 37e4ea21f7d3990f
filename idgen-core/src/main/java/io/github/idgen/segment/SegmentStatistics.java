package io.github.idgen.segment;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * What one tag's id service did and holds, for health, metrics and endpoints. A tag waiting for its
 * first range has 0 for its range's first and last id.
 *
 * @param tag the business tag
 * @param currentFirstId first id of the range being served, 0 before the first range
 * @param currentLastId last id of the range being served, 0 before the first range
 * @param idsLeft ids left in memory: the rest of the current range plus the preloaded next one
 * @param nextRangeLoaded whether the next range is already in memory
 * @param step step of the last allocation
 * @param allocations ranges allocated from the store
 * @param waits calls that found no id in memory and had to wait for a range
 * @param storeErrors allocations that failed because the store was unreachable or failed
 * @param storeReachable whether the last allocation attempt got an answer from the store: a range, or
 * that the tag is unknown, exhausted or bad; false while the store is unreachable or failing, or no
 * thread could be started to ask it
 * @param lastError message of the last failed allocation, if the last attempt failed
 * @param composition how the tag's ids are composed from its sequence, business id and shard, as its
 * record says; null for plain ids (and before the first range). For a composed tag
 * {@code currentFirstId} and {@code currentLastId} are sequences, not ids
 * @param refused whether the tag is refused for the rest of the instance's life
 * ({@link SegmentTagRefusedException}, its message in {@code lastError}): the store went back or the tag's
 * composition changed; it takes no range any more, and only an operator (a repaired record, a restart)
 * ends it
 * @param allocatedIds ids of every range allocated so far (sequences, for a composed tag): less
 * {@code idsLeft}, those handed out
 * @param lastAllocationMicros how long the store took to answer the last allocation that got a
 * range, in microseconds; null before the first
 * @param failingSince when the allocations began to fail, with no range since; null unless
 * {@code lastError} is set by a failure
 */
public record SegmentStatistics(String tag, long currentFirstId, long currentLastId, long idsLeft,
		boolean nextRangeLoaded, int step, long allocations, long waits, long storeErrors, boolean storeReachable,
		@Nullable String lastError, @Nullable SegmentComposition composition, boolean refused, long allocatedIds,
		@Nullable Long lastAllocationMicros, @Nullable Instant failingSince) {
}
