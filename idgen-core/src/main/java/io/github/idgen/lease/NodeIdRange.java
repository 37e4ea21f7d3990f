package io.github.idgen.lease;

/**
 * The node ids a deployment leases from, {@code first..last}, both included: what a
 * {@link LeaseBackend} keeps leases and high-water mark records for, and all it may ever claim. A
 * node id is {@code datacenterId * 2^workerBits + workerId} of the deployment's layout (see
 * {@link LeaseRange#nodeIds}).
 *
 * @param first the first node id, 0 or more
 * @param last the last node id, at least {@code first}
 */
public record NodeIdRange(int first, int last) {

	/**
	 * Most node ids one range may hold: every lease takes a look at all of them, and a database keeps a
	 * row for each, so a layout with more node bits leases from a part of them ({@link LeaseRange#WORKER_ID}).
	 */
	public static final int MAX_SIZE = 1 << 16;

	/**
	 * Checks the bounds.
	 * @param first the first node id, 0 or more
	 * @param last the last node id, at least {@code first}
	 * @throws IllegalArgumentException if they are out of order, negative or more than {@link #MAX_SIZE} apart
	 */
	public NodeIdRange {
		if (first < 0 || last < first) {
			throw new IllegalArgumentException("A node id range needs 0 <= first <= last, was " + first + ".." + last);
		}
		if ((long) last - first + 1 > MAX_SIZE) {
			throw new IllegalArgumentException("A node id range holds at most " + MAX_SIZE + " node ids, " + first + ".."
					+ last + " holds " + ((long) last - first + 1));
		}
	}

	/**
	 * Returns how many node ids the range holds.
	 * @return {@code last - first + 1}
	 */
	public int size() {
		return this.last - this.first + 1;
	}

	/**
	 * Returns whether a node id is in the range.
	 * @param nodeId a node id
	 * @return whether {@code first <= nodeId <= last}
	 */
	public boolean contains(int nodeId) {
		return nodeId >= this.first && nodeId <= this.last;
	}

	@Override
	public String toString() {
		return this.first + ".." + this.last;
	}

}
