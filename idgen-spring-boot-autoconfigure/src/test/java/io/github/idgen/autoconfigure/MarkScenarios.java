package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.List;

import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.MillisClock;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;

/**
 * Puts a real ZooKeeper into the states in which a lease is valid but no id can be issued: the
 * previous holder's high-water mark is ahead of this clock, or this holder's mark writes are denied.
 */
public final class MarkScenarios implements AutoCloseable {

	private final CuratorFramework operator;

	private final String path;

	private MarkScenarios(CuratorFramework operator, String path) {
		this.operator = operator;
		this.path = path;
	}

	/**
	 * Connects as an operator would with zkCli.
	 * @param connectString the server
	 * @param path the parent path of the lease nodes
	 * @return the scenarios, to close after the test
	 * @throws InterruptedException if interrupted while connecting
	 */
	public static MarkScenarios on(String connectString, String path) throws InterruptedException {
		CuratorFramework operator = CuratorFrameworkFactory.newClient(connectString, new RetryOneTime(100));
		operator.start();
		operator.blockUntilConnected();
		return new MarkScenarios(operator, path);
	}

	/**
	 * Leaves exactly one worker id free, whose previous holder's clock was {@code ahead} of this one:
	 * the next instance gets that id and must wait for its clock to pass the holder's mark.
	 * @param ahead how far the previous holder's clock was ahead
	 * @throws Exception if ZooKeeper fails
	 */
	public void leaveOnlyAnIdWhosePreviousHolderWasAhead(Duration ahead) throws Exception {
		MillisClock aheadClock = () -> System.currentTimeMillis() + ahead.toMillis();
		int nodeId;
		try (ClusterDeploymentImpl previous = ClusterDeploymentImpl.builder(connectString())
			.workerIdsPath(this.path)
			.sessionTimeout(Duration.ofSeconds(2))
			.markInterval(Duration.ofMillis(200))
			.clock(aheadClock)
			.build()) {
			previous.start();
			new IdServiceProxy(previous, Duration.ofSeconds(1), IdServiceTwitter::builder)
				.nextId();
			nodeId = previous.currentLease().getNodeId();
		}
		for (int id = 0; id < 32; id++) {
			if (id != nodeId) {
				this.operator.create().withMode(CreateMode.EPHEMERAL).forPath(this.path + "/" + id);
			}
		}
	}

	/**
	 * Makes the high-water mark record of a node id read-only, as a wrong ACL would.
	 * @param nodeId the node id of the lease
	 * @throws Exception if ZooKeeper fails
	 */
	public void denyMarkWrites(int nodeId) throws Exception {
		this.operator.setACL()
			.withACL(List.of(new ACL(ZooDefs.Perms.READ | ZooDefs.Perms.ADMIN, ZooDefs.Ids.ANYONE_ID_UNSAFE)))
			.forPath(markRecord(nodeId));
	}

	/**
	 * Allows writes to the high-water mark record of a node id again.
	 * @param nodeId the node id of the lease
	 * @throws Exception if ZooKeeper fails
	 */
	public void allowMarkWrites(int nodeId) throws Exception {
		this.operator.setACL().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(markRecord(nodeId));
	}

	private String markRecord(int nodeId) {
		return this.path + "/" + ClusterDeploymentImpl.MARKS + "/" + nodeId;
	}

	private String connectString() {
		return this.operator.getZookeeperClient().getCurrentConnectionString();
	}

	/** Closes the operator's session, which frees the ids it occupied. */
	@Override
	public void close() {
		this.operator.close();
	}

}
