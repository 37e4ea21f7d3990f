package io.github.idgen.segment;

import io.github.idgen.shard.Shards;
import org.jspecify.annotations.Nullable;

/**
 * How a segment tag composes its ids from the sequences its ranges count: {@code sequence <<
 * (businessBits + shardBits) | businessId << shardBits | shard}. Part of the tag's record (columns
 * {@code business_id}, {@code business_bits}, {@code shard_bits}), so that every instance, server and
 * client composes the tag's ids alike. A plain tag ({@link #PLAIN}, every column 0 or absent) issues
 * its sequences as they are.
 * <p>
 * Ids of two tags with different business ids (and the same bits) never meet: they differ in the
 * business bits. Ids of one tag strictly increase with the sequence, whatever shards they carry.
 *
 * @param businessId the tag's business id, {@code 0 <= businessId < 2^businessBits}
 * @param businessBits how many bits carry the business id, 0 for none
 * @param shardBits how many of the lowest bits carry a shard, 0 to {@link Shards#MAX_SHARD_BITS}
 */
public record SegmentComposition(long businessId, int businessBits, int shardBits) {

	/** Ids are the sequences themselves. */
	public static final SegmentComposition PLAIN = new SegmentComposition(0, 0, 0);

	/**
	 * The most bits business id and shard may take together, so that a tag keeps at least 2^23 - 1
	 * sequences (and stores without 64-bit integers, such as Redis's Lua, compute its limit exactly).
	 */
	public static final int MAX_BITS = 40;

	public SegmentComposition {
		String problem = problem(businessId, businessBits, shardBits);
		if (problem != null) {
			throw new IllegalArgumentException("Segment composition has " + problem);
		}
	}

	/**
	 * Checks the composition columns of a record, for a store to report a bad record as it reports its
	 * other columns.
	 * @param businessId the record's {@code business_id}
	 * @param businessBits the record's {@code business_bits}
	 * @param shardBits the record's {@code shard_bits}
	 * @return the first problem, naming the column, its value and the rule, such as {@code "shard_bits
	 * 11, but shard_bits must be from 0 to 10"}; null if there is none
	 */
	public static @Nullable String problem(long businessId, long businessBits, long shardBits) {
		if (shardBits < 0 || shardBits > Shards.MAX_SHARD_BITS) {
			return "shard_bits " + shardBits + ", but shard_bits must be from 0 to " + Shards.MAX_SHARD_BITS;
		}
		if (businessBits < 0 || businessBits + shardBits > MAX_BITS) {
			return "business_bits " + businessBits + ", but business_bits must be from 0 to " + (MAX_BITS - shardBits)
					+ " (business_bits + shard_bits at most " + MAX_BITS + ", leaving the sequence the other bits)";
		}
		if (businessId < 0 || businessId >= (1L << businessBits)) {
			return "business_id " + businessId + ", but business_id must be from 0 to " + ((1L << businessBits) - 1)
					+ " (below 2^business_bits, business_bits " + businessBits + ")";
		}
		return null;
	}

	/**
	 * Returns how many low bits the business id and the shard take together.
	 * @return {@code businessBits + shardBits}
	 */
	public int bits() {
		return this.businessBits + this.shardBits;
	}

	/**
	 * Says whether ids are the sequences themselves.
	 * @return whether business id, business bits and shard bits are all 0
	 */
	public boolean isPlain() {
		return this.businessBits == 0 && this.shardBits == 0;
	}

	/**
	 * Returns the id of a sequence for a shard.
	 * @param sequence a sequence of the tag's ranges
	 * @param shard 0 to {@code 2^shardBits - 1} (0 when the tag has no shard bits)
	 * @return {@code sequence << bits() | businessId << shardBits | shard}
	 */
	public long compose(long sequence, int shard) {
		return (sequence << bits()) | (this.businessId << this.shardBits) | shard;
	}

	/**
	 * Returns the largest sequence whose ids (every shard) stay at or below a limit: what cuts the
	 * tag's ranges, since {@code max_limit_id} bounds ids and {@code max_id} counts sequences.
	 * @param maxLimitId the record's {@code max_limit_id}, at least 0
	 * @return the largest sequence {@code s} with {@code compose(s, 2^shardBits - 1) <= maxLimitId}, 0 if
	 * there is none; {@code maxLimitId} itself for a plain tag
	 */
	public long sequenceLimit(long maxLimitId) {
		// the highest low bits: business id and the highest shard; no overflow, they take at most 40 bits
		long room = maxLimitId - (((this.businessId + 1) << this.shardBits) - 1);
		return (room < 0) ? 0 : room >>> bits();
	}

	/**
	 * Returns the sequence an id of this composition carries.
	 * @param id the id
	 * @return {@code id >>> bits()}
	 */
	public long sequenceOf(long id) {
		return id >>> bits();
	}

	/**
	 * Returns the business id an id of this composition carries.
	 * @param id the id
	 * @return its business bits
	 */
	public long businessIdOf(long id) {
		return (id >>> this.shardBits) & ((1L << this.businessBits) - 1);
	}

	/**
	 * Returns the shard an id of this composition carries.
	 * @param id the id
	 * @return its lowest {@code shardBits} bits
	 */
	public int shardOf(long id) {
		return (int) (id & ((1L << this.shardBits) - 1));
	}

	/**
	 * Takes an id of this composition apart.
	 * @param id an id of the tag
	 * @return its sequence, business id and shard
	 * @throws IllegalArgumentException if the id is below 1, or carries another business id than this
	 * composition's (an id of another tag)
	 */
	public ComposedId decompose(long id) {
		if (id < 1) {
			throw new IllegalArgumentException("id must be at least 1, was " + id);
		}
		long carried = businessIdOf(id);
		if (carried != this.businessId) {
			throw new IllegalArgumentException(
					"id " + id + " carries business id " + carried + ", the tag's is " + this.businessId);
		}
		return new ComposedId(id, sequenceOf(id), carried, shardOf(id));
	}

	/** As in the record: {@code business_id 3, business_bits 4, shard_bits 2}. */
	@Override
	public String toString() {
		return "business_id " + this.businessId + ", business_bits " + this.businessBits + ", shard_bits "
				+ this.shardBits;
	}

	/**
	 * An id of a composed tag taken apart.
	 *
	 * @param id the id
	 * @param sequence the sequence of the tag's ranges it was composed from
	 * @param businessId the business id it carries, 0 for a tag without business bits
	 * @param shard the shard it carries, 0 for a tag without shard bits
	 */
	public record ComposedId(long id, long sequence, long businessId, int shard) {
	}

}
