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
	 * holder that lost its id while paused cannot undo the promise its successor relies on. Unless
	 * {@code takeOver}, a record another session wrote last is left alone.
	 * @param known the record of a read just made, with its stat, or {@code null} to read it first
	 * @return the record replaced and the mark written, or {@code null} if the record belongs to
	 * another session
	 */
	@Nullable Raise raise(int nodeId, long now, @Nullable HighWaterMark known, Stat knownStat, long session,
			boolean takeOver) throws Exception {
		String recordPath = path(nodeId);
		Stat stat = knownStat;
		HighWaterMark current = known;
		for (;;) {
			if (current == null) {
				current = read(nodeId, stat);
			}
			if (!takeOver && current != HighWaterMark.NONE && current.sessionId() != session) {
				return null;
			}
			long mark = Math.max(current.markMillis(), now + 2 * this.markIntervalMillis);
			byte[] record = new HighWaterMark(mark, mark - now, this.holder.instanceName(), this.holder.process(),
					session)
				.toBytes();
			try {
				if (stat.getVersion() < 0) {
					this.client.create().creatingParentsIfNeeded().forPath(recordPath, record);
				}
				else {
					this.client.setData().withVersion(stat.getVersion()).forPath(recordPath, record);
				}
				return new Raise(current, mark);
			}
			catch (KeeperException.NodeExistsException | KeeperException.BadVersionException raced) {
				stat = new Stat();
				current = null;
			}
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
	 * A successful raise.
	 * @param previous the record it replaced
	 * @param markMillis the mark written
	 */
	record Raise(HighWaterMark previous, long markMillis) {
	}

	/**
	 * A clock lag found in a record.
	 * @param millis how far this clock is behind, at least
	 * @param mark the record it was found in
	 */
	record Lag(long millis, HighWaterMark mark) {
	}

}
