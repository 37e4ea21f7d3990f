package io.github.idgen.snowflake;

import java.util.Collection;

/**
 * Issues unique 64-bit ids. Ids from one instance are strictly increasing.
 */
public interface IdService {

	/**
	 * Largest number of ids one {@link #nextIds(int)} call may ask for.
	 */
	int MAX_BATCH_SIZE = 100_000;

	/**
	 * Returns the next id.
	 * @return a positive id, greater than every id this instance returned before
	 */
	long nextId();

	/**
	 * Returns {@code num} ids in increasing order.
	 * @param num how many ids, from 1 to {@link #MAX_BATCH_SIZE}
	 * @return the ids, unmodifiable, each greater than every id this instance returned before
	 * @throws IllegalArgumentException if {@code num} is outside 1..{@link #MAX_BATCH_SIZE}
	 */
	Collection<Long> nextIds(int num);

}
