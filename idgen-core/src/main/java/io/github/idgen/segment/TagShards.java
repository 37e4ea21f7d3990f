package io.github.idgen.segment;

import io.github.idgen.info.Documentation;
import io.github.idgen.shard.ShardRequiredException;
import io.github.idgen.shard.Shards;
import org.jspecify.annotations.Nullable;

/**
 * The checks of the shard a call to one tag's service asks for, before it takes a number: a shard in
 * range where the tag's ids carry one, none where they carry none; and messages that name the tag and
 * say what to do.
 */
final class TagShards {

	/** The shard of a call that names none. */
	static final int NO_SHARD = -1;

	private final String tag;

	private final SegmentStore store;

	TagShards(String tag, SegmentStore store) {
		this.tag = tag;
		this.store = store;
	}

	/**
	 * Checks a shard against the tag's shard bits.
	 * @param shardBits the shard bits of a range of the tag (never the empty one a service starts with)
	 * @param shard the shard, or {@link #NO_SHARD}
	 */
	void check(int shardBits, int shard) {
		if (shard == NO_SHARD) {
			if (shardBits != 0) {
				throw required(shardBits);
			}
		}
		else if (shardBits == 0) {
			throw noShard("shard");
		}
		else {
			Shards.checkShard(shard, shardBits);
		}
	}

	/**
	 * Refuses a negative shard, which is out of range (and must not pass for a call without one).
	 * @param composition the tag's composition, null before its first range
	 * @return the shard
	 */
	int requireNotNegative(int shard, @Nullable SegmentComposition composition) {
		if (shard < 0) {
			int shardBits = (composition != null) ? composition.shardBits() : 0;
			if (composition != null && shardBits == 0) {
				throw noShard("shard");
			}
			throw new IllegalArgumentException("shard must be from 0 to " + ((1 << shardBits) - 1) + " (" + shardBits
					+ " shard bits of segment tag '" + this.tag + "'), was " + shard);
		}
		return shard;
	}

	/**
	 * Returns the refusal of a shard or key given for the tag whose ids carry no shard.
	 * @param argument {@code shard} or {@code key}
	 */
	IllegalArgumentException noShard(String argument) {
		return new IllegalArgumentException(argument + " must not be given: the ids of segment tag '" + this.tag
				+ "' carry no shard (its shard_bits is 0 in " + this.store.describe() + "), so call nextId() or"
				+ " nextIds(count); for ids that carry a shard, give the tag's record shard_bits 1 to "
				+ Shards.MAX_SHARD_BITS + " (on a tag that issued ids, a migration: "
				+ Documentation.section("segments.md", "composed-ids-business-id-and-shard") + ")");
	}

	/** Returns the refusal of a call without a shard to the tag whose ids carry one. */
	ShardRequiredException required(int shardBits) {
		return new ShardRequiredException("segment tag '" + this.tag + "'", this.tag, shardBits);
	}

}
