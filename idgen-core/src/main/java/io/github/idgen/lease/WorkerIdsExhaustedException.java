package io.github.idgen.lease;

/**
 * Thrown when every id of the lease range is held by another holder; the failure analyzer says what
 * to do about it.
 */
public class WorkerIdsExhaustedException extends IllegalStateException {

	private final String path;

	private final LeaseRange range;

	private final int firstNodeId;

	private final int lastNodeId;

	private final int holders;

	WorkerIdsExhaustedException(String path, LeaseRange range, int firstNodeId, int lastNodeId, int holders) {
		super("Worker ids are exhausted: all " + (lastNodeId - firstNodeId + 1) + " leases " + firstNodeId + ".."
				+ lastNodeId + " at " + path + " are held by other holders (" + holders + " holders).");
		this.path = path;
		this.range = range;
		this.firstNodeId = firstNodeId;
		this.lastNodeId = lastNodeId;
		this.holders = holders;
	}

	/**
	 * Returns where the leases live: the parent path of the lease nodes in ZooKeeper, or the table and
	 * group of the rows.
	 * @return the path
	 */
	public String getPath() {
		return this.path;
	}

	/**
	 * Returns the range that was searched.
	 * @return the range
	 */
	public LeaseRange getRange() {
		return this.range;
	}

	/**
	 * Returns the first node id of the range.
	 * @return the first node id
	 */
	public int getFirstNodeId() {
		return this.firstNodeId;
	}

	/**
	 * Returns the last node id of the range.
	 * @return the last node id
	 */
	public int getLastNodeId() {
		return this.lastNodeId;
	}

	/**
	 * Returns how many leases of the range other holders held.
	 * @return the number of holders
	 */
	public int getHolders() {
		return this.holders;
	}

}
