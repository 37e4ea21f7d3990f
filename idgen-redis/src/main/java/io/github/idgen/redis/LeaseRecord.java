package io.github.idgen.redis;

import java.util.List;

import io.github.idgen.lease.HighWaterMark;
import org.apache.commons.lang3.math.NumberUtils;
import org.jspecify.annotations.Nullable;

/**
 * One node id's lease record as read: a hash of the fields below, at
 * {@code <prefix>:lease:<group>:<nodeId>}.
 *
 * @param holder the holder's token, empty when free
 * @param claim the id of the holder's claim, with the token the identity of one lease; 0 when never claimed
 * @param version a random stamp, new with every write of anyone
 * @param epoch the server incarnation ({@code run_id/master_replid}) in which the holder field was last
 * proven (claimed, renewed or given back); empty for a record created where one was missing
 * @param mark the high-water mark, milliseconds since 1970
 * @param ahead how far ahead of its writer's clock the mark was written
 * @param instance the last holder's instance name
 * @param process the last holder's process, {@code pid@host}
 * @param markedBy the claim id of the lease that wrote the mark; 0 for a record written before idgen kept it
 */
record LeaseRecord(String holder, long claim, long version, String epoch, long mark, long ahead, String instance,
		String process, long markedBy) {

	/**
	 * Reads a row of {@code lease-read.lua}.
	 * @param row the fields in the order of {@code lease-read.lua}, or null for a missing record
	 * @return the record, or null if it is missing
	 */
	static @Nullable LeaseRecord of(@Nullable List<?> row) {
		if (row == null) {
			return null;
		}
		return new LeaseRecord(text(row.get(0)), NumberUtils.toLong(text(row.get(1))), Long.parseLong(text(row.get(2))),
				text(row.get(3)), NumberUtils.toLong(text(row.get(4))), NumberUtils.toLong(text(row.get(5))),
				text(row.get(6)), text(row.get(7)), (row.size() > 8) ? NumberUtils.toLong(text(row.get(8))) : 0);
	}

	private static String text(@Nullable Object value) {
		return (value != null) ? value.toString() : "";
	}

	/**
	 * Returns whether a claimer may take this record only after watching it stand still for a lease
	 * timeout: someone holds it, or it is free but that was not written by the server it is read on
	 * now (restarted, restored from a copy, promoted), so a holder may have relied on a newer state.
	 * @param serverEpoch the incarnation the record was read in
	 */
	boolean mustBeWaitedFor(String serverEpoch) {
		return !this.holder.isEmpty() || !this.epoch.equals(serverEpoch);
	}

	/**
	 * Returns the record as a high-water mark: its token is the live holder's (empty when free); Redis
	 * has no sessions.
	 */
	HighWaterMark toMark() {
		return new HighWaterMark(this.mark, this.ahead, this.instance, this.process, 0, this.holder);
	}

}
