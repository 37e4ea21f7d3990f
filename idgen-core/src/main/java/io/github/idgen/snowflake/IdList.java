package io.github.idgen.snowflake;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * An unmodifiable list over a {@code long[]}, so that a batch of ids is not boxed until read. Every
 * {@link IdService} returns its batches as one.
 */
public final class IdList extends AbstractList<Long> implements RandomAccess {

	private final long[] ids;

	/**
	 * Wraps ids without copying them.
	 * @param ids the ids, not to be changed afterwards
	 */
	public IdList(long[] ids) {
		this.ids = ids;
	}

	@Override
	public Long get(int index) {
		return this.ids[index];
	}

	@Override
	public int size() {
		return this.ids.length;
	}

}
