package io.github.idgen.autoconfigure.segment;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentTagSettings;
import org.jspecify.annotations.Nullable;

/**
 * A segment tag declared in configuration, under {@code xxx.common.segment-tags.<tag>}: the columns
 * of its row (or the fields of its Redis hash) when idgen creates it at start-up. A tag that exists is
 * never changed.
 */
public class SegmentTagProperties {

	/**
	 * How many ids one range of the tag takes at least (the row's step). Required.
	 */
	private @Nullable Integer step;

	/**
	 * Largest id already used elsewhere, such as by the table the tag's ids go to: the tag's first id
	 * is one above it (the row's max_id when it is created).
	 */
	private long idsAbove;

	/**
	 * One SQL query on the application's DataSource that returns the largest id already used, such as
	 * 'SELECT max(id) FROM orders', run at start-up: the tag, when idgen creates it, starts above it.
	 * Instead of ids-above.
	 */
	private @Nullable String idsAboveQuery;

	/**
	 * Largest id the tag may ever issue, composed (the row's max_limit_id); no limit unless set.
	 */
	private long maxLimitId = Long.MAX_VALUE;

	/**
	 * What the tag's ids are for (the row's description), up to 256 characters.
	 */
	private @Nullable String description;

	/**
	 * Business id the tag's ids carry, 0 to 2^business-bits - 1 (the row's business_id).
	 */
	private long businessId;

	/**
	 * How many bits above the shard bits carry the business id (the row's business_bits).
	 */
	private int businessBits;

	/**
	 * How many of the lowest bits of the tag's ids carry a shard, 0 to 10 (the row's shard_bits).
	 */
	private int shardBits;

	public @Nullable Integer getStep() {
		return this.step;
	}

	public void setStep(@Nullable Integer step) {
		this.step = step;
	}

	public long getIdsAbove() {
		return this.idsAbove;
	}

	public void setIdsAbove(long idsAbove) {
		this.idsAbove = idsAbove;
	}

	public @Nullable String getIdsAboveQuery() {
		return this.idsAboveQuery;
	}

	public void setIdsAboveQuery(@Nullable String idsAboveQuery) {
		this.idsAboveQuery = idsAboveQuery;
	}

	public long getMaxLimitId() {
		return this.maxLimitId;
	}

	public void setMaxLimitId(long maxLimitId) {
		this.maxLimitId = maxLimitId;
	}

	public @Nullable String getDescription() {
		return this.description;
	}

	public void setDescription(@Nullable String description) {
		this.description = description;
	}

	public long getBusinessId() {
		return this.businessId;
	}

	public void setBusinessId(long businessId) {
		this.businessId = businessId;
	}

	public int getBusinessBits() {
		return this.businessBits;
	}

	public void setBusinessBits(int businessBits) {
		this.businessBits = businessBits;
	}

	public int getShardBits() {
		return this.shardBits;
	}

	public void setShardBits(int shardBits) {
		this.shardBits = shardBits;
	}

	/**
	 * Returns what is wrong with the declaration.
	 * @param key the declaration's key, such as {@code xxx.common.segment-tags.orders}
	 * @return the problem, naming the key, or null if there is none
	 */
	@Nullable String problem(String key) {
		if (this.step == null) {
			return key + ".step is required: how many ids one range of the tag takes at least, such as 1000.";
		}
		if (this.idsAboveQuery != null && (this.idsAbove != 0 || this.idsAboveQuery.isBlank())) {
			return (this.idsAbove != 0) ? key + ".ids-above = " + this.idsAbove + " and " + key + ".ids-above-query are"
					+ " both set: give the largest id used one way, the number or the query."
					: key + ".ids-above-query is empty: give a query that returns the largest id used, or remove the key.";
		}
		String composition = SegmentComposition.problem(this.businessId, this.businessBits, this.shardBits);
		String problem = (composition != null) ? composition
				: SegmentTagSettings.problem(this.step, this.idsAbove, this.maxLimitId,
						new SegmentComposition(this.businessId, this.businessBits, this.shardBits), this.description);
		return (problem != null) ? key + " has " + problem + "." : null;
	}

	/**
	 * Returns the settings the tag is created with.
	 * @return the settings
	 * @throws IllegalArgumentException if the declaration has a {@link #problem(String)}
	 */
	SegmentTagSettings toSettings() {
		if (this.step == null) {
			throw new IllegalArgumentException("step is required");
		}
		return new SegmentTagSettings(this.step, this.idsAbove, this.maxLimitId,
				new SegmentComposition(this.businessId, this.businessBits, this.shardBits), this.description);
	}

}
