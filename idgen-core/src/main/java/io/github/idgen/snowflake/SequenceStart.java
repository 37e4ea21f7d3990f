package io.github.idgen.snowflake;

/**
 * Where the sequence of a new time unit starts. Either way the ids of one generator strictly
 * increase: a later unit makes a greater id whatever its sequence.
 */
public enum SequenceStart {

	/**
	 * Every time unit starts at sequence 0, as Twitter's Snowflake does. At low traffic (one id per
	 * unit) every id is then a multiple of 2^sequenceBits, and {@code id % n} sharding puts them all
	 * into one shard. With a coarse unit the same traffic shares a unit: at one id a millisecond, a
	 * 1 s unit holds about 1000 ids, counting 0, 1, 2, ..., and their residues come out even; only a
	 * few ids a second pile up on the low residues.
	 */
	ZERO,

	/**
	 * A new time unit starts where the previous unit's sequence left off, modulo
	 * 2^(sequenceBits - 4) (256 for 12 sequence bits). One generator's ids then cycle through the
	 * residues of {@code id % n} in turn, whatever the traffic, for every {@code n} that divides that
	 * modulus (2, 4, ..., 256), and spread close to evenly for other {@code n}.
	 * <p>
	 * The cost: a unit that starts at sequence {@code s} has {@code s} fewer ids, at most
	 * 2^(sequenceBits - 4) - 1 (255 of 4096 for 12 sequence bits, a sixteenth). A unit that follows a
	 * used-up one starts at 0 and loses nothing, so a generator under full load keeps its whole
	 * capacity; the loss falls on a burst that follows a quieter unit. Needs at least 5 sequence bits.
	 */
	ROTATE;

	/** Fewest sequence bits {@link #ROTATE} needs. */
	public static final int MIN_ROTATE_SEQUENCE_BITS = 5;

	/**
	 * Returns the mask that turns the id after the last one into the start of a new unit's sequence.
	 * @throws IllegalArgumentException for {@link #ROTATE} on a layout with too few sequence bits
	 */
	long startMask(SnowflakeLayout layout) {
		checkFits(layout);
		return (this == ZERO) ? 0 : (1L << (layout.sequenceBits() - 4)) - 1;
	}

	/**
	 * Checks that a layout has the sequence bits this start needs, as a generator does when built.
	 * @param layout the layout
	 * @throws IllegalArgumentException for {@link #ROTATE} on a layout with too few sequence bits
	 */
	public void checkFits(SnowflakeLayout layout) {
		if (this == ROTATE && layout.sequenceBits() < MIN_ROTATE_SEQUENCE_BITS) {
			throw new IllegalArgumentException("sequenceStart ROTATE needs at least " + MIN_ROTATE_SEQUENCE_BITS
					+ " sequence bits, the layout has " + layout.sequenceBits()
					+ ": use ZERO, or a layout with more sequence bits");
		}
	}

}
