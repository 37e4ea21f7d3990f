package io.github.idgen.cluster;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;

/**
 * The worker ids Leaf's Snowflake servers hold: Leaf keeps one PERSISTENT_SEQUENTIAL node per server
 * under {@code /snowflake/<leaf.name>/forever}, named {@code <ip>:<port>-<sequence>}, never deletes it,
 * and issues ids with the sequence number as its worker id. They are read afresh on every look, since a
 * Leaf server started later adds a node.
 */
final class LeafWorkers {

	/** Leaf's name: its address, then ZooKeeper's ten-digit sequence suffix after the prefix's '-'. */
	private static final Pattern LEAF_NODE = Pattern.compile(".+:\\d{1,5}-(\\d{10})");

	private final CuratorFramework client;

	private final String path;

	/**
	 * Whether the path was there once: deleting all of it later gives every worker id back, as deleting
	 * each node does, while a path missing from the start is a mistake in the configuration.
	 */
	private volatile boolean seen;

	LeafWorkers(CuratorFramework client, String path) {
		this.client = client;
		this.path = path;
	}

	String path() {
		return this.path;
	}

	/**
	 * Reads the worker ids.
	 * @return each worker id a Leaf node holds, with the node's path
	 * @throws LeafWorkersUnreadableException if the path is missing or unreadable, or holds a node of
	 * another name
	 * @throws Exception if ZooKeeper cannot be reached
	 */
	Map<Integer, String> read() throws Exception {
		Map<Integer, String> workers = new TreeMap<>();
		for (String child : children()) {
			Matcher matcher = LEAF_NODE.matcher(child);
			if (!matcher.matches()) {
				throw new LeafWorkersUnreadableException(this.path, "its node '" + child + "' is not named as Leaf"
						+ " names its nodes, <ip>:<port>-<ten-digit sequence>, so the worker id it holds is unknown",
						"Point idgen at the path of Leaf's own nodes, /snowflake/<leaf.name>/forever, and keep other"
								+ " nodes out of it.",
						null);
			}
			long workerId = Long.parseLong(matcher.group(1));
			// Leaf refuses to start with a sequence above its largest worker id: such a node holds none
			if (workerId <= Integer.MAX_VALUE) {
				workers.put((int) workerId, ZKPaths.makePath(this.path, child));
			}
		}
		return workers;
	}

	private Iterable<String> children() throws Exception {
		try {
			Iterable<String> children = this.client.getChildren().forPath(this.path);
			this.seen = true;
			return children;
		}
		catch (KeeperException.NoNodeException ex) {
			if (this.seen) {
				return List.of();
			}
			throw new LeafWorkersUnreadableException(this.path, "there is no node at that path", "Point idgen at"
					+ " the path of Leaf's forever nodes, /snowflake/<leaf.name>/forever with the leaf.name of Leaf's"
					+ " leaf.properties, on the ZooKeeper Leaf uses.", ex);
		}
		catch (KeeperException.NoAuthException ex) {
			throw new LeafWorkersUnreadableException(this.path, "ZooKeeper denies reading it (" + ex.code() + ")",
					"Give idgen's ZooKeeper client read access to it, for example with an IdgenCuratorCustomizer"
							+ " that adds the authorization Leaf's nodes require.",
					ex);
		}
		catch (KeeperException.ConnectionLossException | KeeperException.SessionExpiredException ex) {
			throw ex;
		}
		catch (KeeperException ex) {
			throw new LeafWorkersUnreadableException(this.path, "ZooKeeper answered " + ex.code(),
					"Check the path and ZooKeeper's log.", ex);
		}
	}

}
