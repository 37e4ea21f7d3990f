package io.github.idgen.snowflake;

/**
 * Running totals of an id generator, for metrics and operators. Every count only grows.
 */
public interface GeneratorStatistics {

	/**
	 * Returns how many ids were made.
	 * @return the count since start
	 */
	long issuedIds();

	/**
	 * Returns how often a caller waited for the next time unit because the sequence values of one
	 * were used up.
	 * @return the count since start
	 */
	long sequenceExhaustedWaits();

	/**
	 * Returns how often a caller waited out a clock step backwards within the tolerance.
	 * @return the count since start
	 */
	long clockBackwardsWaits();

	/**
	 * Returns how often a call failed because the clock stepped back by more than the tolerance.
	 * @return the count since start
	 */
	long clockBackwardsFailures();

}
