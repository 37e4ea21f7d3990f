package io.github.idgen.benchmarks;

import java.util.concurrent.CountDownLatch;

import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;

/**
 * A ZooKeeper server (curator-test's {@link TestingServer}, the real server code) on a given port
 * until the process is stopped: Leaf's Snowflake mode needs one, and the benchmark of idgen-server
 * against Leaf's server ({@code idgen-benchmarks/server-vs-leaf.sh}) should need no hand-installed
 * server. Prints {@code ready} once it listens.
 */
public final class ZooKeeperForLeaf {

	private ZooKeeperForLeaf() {
	}

	/**
	 * Runs the server.
	 * @param args the port
	 * @throws Exception if it cannot start
	 */
	public static void main(String[] args) throws Exception {
		if (args.length != 1) {
			System.err.println("usage: ZooKeeperForLeaf <port>");
			System.exit(2);
		}
		int port = Integer.parseInt(args[0]);
		InstanceSpec spec = new InstanceSpec(null, port, -1, -1, true, -1, -1, 0);
		try (TestingServer server = new TestingServer(spec, true)) {
			System.out.println("ready " + server.getConnectString());
			new CountDownLatch(1).await();
		}
	}

}
