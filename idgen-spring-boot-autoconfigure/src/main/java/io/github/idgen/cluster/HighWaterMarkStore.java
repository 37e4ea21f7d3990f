package io.github.idgen.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import io.github.idgen.snowflake.MillisClock;
import org.apache.commons.lang3.math.NumberUtils;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * The high-water mark records of one lease path, {@code <path>/marks/<nodeId>}: reads them, raises
 * them by compare-and-set, and searches them for a sticky id or for clocks ahead of this one.
 */
final class HighWaterMarkStore {

	/** How many live holders' records the start-up clock check reads at most. */
	static final int CLOCK_SAMPLE = 8;

	private final CuratorFramework client;

	private final String marksPath;

	private final MillisClock clock;

	private final long markIntervalMillis;

	private final LeaseHolder holder;

	HighWaterMarkStore(CuratorFramework client, String marksPath, MillisClock clock, long markIntervalMillis,
			LeaseHolder holder) {
		this.client = client;
		this.marksPath = marksPath;
		this.clock = clock;
		this.markIntervalMillis = markIntervalMillis;
		this.holder = holder;
	}

	/**
	 * Reads the record of a node id into {@code stat}; version -1 when there is none.
	 */
	HighWaterMark read(int nodeId, Stat stat) throws Exception {
		try {
			return HighWaterMark.parse(this.client.getData().storingStatIn(stat).forPath(path(nodeId)));
		}
		catch (KeeperException.NoNodeException ex) {
			stat.setVersion(-1);
			return HighWaterMark.NONE;
		}
	}

	/**
	 * Raises the mark of a node id to {@code now} plus twice the mark interval, never lowering it: a
	 * holder that lost its id while paused cannot undo the promise its successor relies on. A record
	 * that another deployment wrote last is left alone.
	 * @return the mark written, or {@code null} if the record carries another deployment's token
	 */
	@Nullable Long raiseOwn(int nodeId, long now, long session) throws Exception {
		for (;;) {
			Stat stat = new Stat();
			HighWaterMark current = read(nodeId, stat);
			if (!current.writtenBy(this.holder)) {
				return null;
			}
			HighWaterMark next = next(current, now, session);
			try {
				this.client.setData().withVersion(stat.getVersion()).forPath(path(nodeId), next.toBytes());
				return next.markMillis();
			}
			catch (KeeperException.BadVersionException | KeeperException.NoNodeException raced) {
				// read again: a successor's takeover makes the next read refuse
			}
		}
	}

	/**
	 * Returns the record that raises {@code current} to {@code now} plus twice the mark interval.
	 */
	HighWaterMark next(HighWaterMark current, long now, long session) {
		long mark = Math.max(current.markMillis(), now + 2 * this.markIntervalMillis);
		return new HighWaterMark(mark, mark - now, this.holder.instanceName(), this.holder.process(), session,
				this.holder.token());
	}

	/**
	 * Returns the operation that writes {@code record} if the record is still at {@code version}
	 * (-1: there is none), for a transaction.
	 */
	CuratorOp writeIfUnchanged(int nodeId, int version, HighWaterMark record) throws Exception {
		return (version < 0) ? this.client.transactionOp().create().forPath(path(nodeId), record.toBytes())
				: this.client.transactionOp().setData().withVersion(version).forPath(path(nodeId), record.toBytes());
	}

	/**
	 * Makes sure the parent of the records exists, so that records can be created in transactions.
	 */
	void createParent() throws Exception {
		try {
			this.client.create().creatingParentsIfNeeded().forPath(this.marksPath);
		}
		catch (KeeperException.NodeExistsException ex) {
			// created before
		}
	}

	/**
	 * Returns the free id whose record names this instance, or -1.
	 */
	int stickyNodeId(List<Integer> free) throws Exception {
		Set<Integer> recorded = new HashSet<>();
		try {
			for (String child : this.client.getChildren().forPath(this.marksPath)) {
				recorded.add(NumberUtils.toInt(child, -1));
			}
		}
		catch (KeeperException.NoNodeException ex) {
			return -1;
		}
		for (int nodeId : free) {
			if (recorded.contains(nodeId) && read(nodeId, new Stat()).instanceName().equals(this.holder.instanceName())) {
				return nodeId;
			}
		}
		return -1;
	}

	/**
	 * Measures how far this clock is behind the clocks live holders had when they last wrote their
	 * marks, from a random sample of at most {@link #CLOCK_SAMPLE} of them: a warning needs no more, and
	 * 1024 instances starting together must not read each other's records a million times.
	 * @return the largest lag found and its record, or a lag of 0 and {@link HighWaterMark#NONE}
	 */
	Lag lagBehind(Set<Integer> liveNodeIds) throws Exception {
		List<Integer> sample = new ArrayList<>(liveNodeIds);
		Collections.shuffle(sample, ThreadLocalRandom.current());
		Lag furthest = new Lag(0, HighWaterMark.NONE);
		for (int nodeId : sample.subList(0, Math.min(CLOCK_SAMPLE, sample.size()))) {
			HighWaterMark mark = read(nodeId, new Stat());
			long behind = mark.writtenAtMillis() - this.clock.millis();
			if (mark != HighWaterMark.NONE && behind > furthest.millis()) {
				furthest = new Lag(behind, mark);
			}
		}
		return furthest;
	}

	private String path(int nodeId) {
		return ZKPaths.makePath(this.marksPath, Integer.toString(nodeId));
	}

	/**
	 * A clock lag found in a record.
	 * @param millis how far this clock is behind, at least
	 * @param mark the record it was found in
	 */
	record Lag(long millis, HighWaterMark mark) {
	}

}
