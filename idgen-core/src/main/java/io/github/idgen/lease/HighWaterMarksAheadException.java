package io.github.idgen.lease;

/**
 * Thrown when ids were free but each one's high-water mark was further ahead of this host's clock
 * than the instance may wait: this host's clock is behind the clocks of the ids' previous holders.
 */
public class HighWaterMarksAheadException extends IllegalStateException {

	private final String path;

	private final int nodeId;

	private final long aheadMillis;

	private final long maxWaitMillis;

	private final HighWaterMark mark;

	HighWaterMarksAheadException(String path, int nodeId, long aheadMillis, long maxWaitMillis, HighWaterMark mark,
			int rejected) {
		super("No worker id at " + path + " could be leased without waiting more than the mark wait bound of "
				+ maxWaitMillis + " ms for this host's clock: the high-water marks of the " + rejected
				+ " free ids are ahead of it, the nearest (node id " + nodeId + ", promised by '" + mark.instanceName()
				+ "', " + mark.process() + ") by " + aheadMillis + " ms.");
		this.path = path;
		this.nodeId = nodeId;
		this.aheadMillis = aheadMillis;
		this.maxWaitMillis = maxWaitMillis;
		this.mark = mark;
	}

	/**
	 * Returns the parent path of the lease nodes.
	 * @return the path
	 */
	public String getPath() {
		return this.path;
	}

	/**
	 * Returns the node id whose mark was nearest.
	 * @return the node id
	 */
	public int getNodeId() {
		return this.nodeId;
	}

	/**
	 * Returns by how much the nearest mark was ahead of this clock: the clock difference measured.
	 * @return milliseconds
	 */
	public long getAheadMillis() {
		return this.aheadMillis;
	}

	/**
	 * Returns how long the instance was allowed to wait.
	 * @return milliseconds
	 */
	public long getMaxWaitMillis() {
		return this.maxWaitMillis;
	}

	/**
	 * Returns the nearest mark.
	 * @return the record
	 */
	public HighWaterMark getMark() {
		return this.mark;
	}

}
