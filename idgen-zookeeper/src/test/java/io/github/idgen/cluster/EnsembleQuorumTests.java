package io.github.idgen.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 4: a three-server ensemble. Losing the connected server keeps the lease; losing quorum
 * stops issuing; restoring quorum resumes.
 */
class EnsembleQuorumTests {

	private TestingCluster cluster;

	private LeaseTestSupport support;

	@BeforeEach
	void setUp() throws Exception {
		this.cluster = new TestingCluster(threeServersOnDistinctPorts());
		this.cluster.start();
		this.support = new LeaseTestSupport(this.cluster.getConnectString());
	}

	@AfterEach
	void tearDown() throws Exception {
		this.support.close();
		this.cluster.close();
	}

	@Test
	void killingTheConnectedServerKeepsTheLeaseAndLosingQuorumStopsIssuingUntilItIsBack() throws Exception {
		CuratorFramework client = this.support.startedClient(4_000);
		ClusterDeploymentImpl deployment = this.support.startDeploymentOn(client);
		IdServiceProxy proxy = this.support.proxy(deployment, Duration.ofMillis(100));
		long first = proxy.nextId();
		WorkerIdLease lease = proxy.getLease();

		InstanceSpec connected = this.cluster.findConnectionInstance(client.getZookeeperClient().getZooKeeper());
		this.cluster.killServer(connected);

		await().atMost(Duration.ofSeconds(15)).until(() -> deployment.getReconnects() >= 1 && lease.isValid());
		long second = proxy.nextId();
		assertThat(second).isGreaterThan(first);
		assertThat(proxy.getLease()).isSameAs(lease);
		assertThat(client.getZookeeperClient().getZooKeeper().getSessionId()).isEqualTo(lease.getSessionId());

		InstanceSpec nowConnected = this.cluster.findConnectionInstance(client.getZookeeperClient().getZooKeeper());
		assertThat(nowConnected).as("connected to one of the two servers left").isNotNull().isNotEqualTo(connected);
		InstanceSpec last = this.cluster.getInstances()
			.stream()
			.filter((instance) -> !instance.equals(connected) && !instance.equals(nowConnected))
			.findFirst()
			.orElseThrow();
		assertThat(isServing(last)).as("the last server serves while it has quorum").isTrue();
		this.cluster.killServer(nowConnected);

		// one server of three still runs, but without quorum it serves nobody: no id for as long as that lasts.
		// Until it notices the lost quorum (a few ticks) it still serves and may take the client's
		// reconnection, so the window starts once it says it is not serving any more.
		await().atMost(Duration.ofSeconds(10)).until(() -> !isServing(last));
		await().atMost(Duration.ofSeconds(10))
			.until(() -> !proxy.getLease().isValid() && !client.getZookeeperClient().isConnected());
		await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> {
			assertThatExceptionOfType(WorkerIdLeaseUnavailableException.class).isThrownBy(proxy::nextId)
				.withMessageContaining(lease.getPath());
			assertThat(client.getZookeeperClient().isConnected()).as("connected without quorum").isFalse();
			return true;
		});

		this.cluster.restartServer(connected);
		this.cluster.restartServer(nowConnected);

		await().atMost(Duration.ofSeconds(30)).until(() -> proxy.getLease().isValid());
		long third = proxy.nextId();
		assertThat(third).isGreaterThan(second);
		WorkerIdLease after = proxy.getLease();
		assertThat(SnowflakeLayout.TWITTER.decompose(third).workerId()).isEqualTo(after.getWorkerId());
		CuratorFramework operator = this.support.operatorClient();
		assertThat(operator.checkExists().forPath(after.getPath()).getEphemeralOwner()).isEqualTo(after.getSessionId());
	}

	/**
	 * Three servers whose nine client, election and quorum ports are all different. {@code new
	 * TestingCluster(3)} draws each port by binding port 0 and closing the socket again, and a kernel may
	 * hand the same port out twice in a row: CI saw server 3 refuse to start with "Client and election port
	 * must be different". Holding every socket open until all nine are drawn rules that out.
	 */
	private static List<InstanceSpec> threeServersOnDistinctPorts() throws IOException {
		List<ServerSocket> sockets = new ArrayList<>();
		try {
			for (int i = 0; i < 9; i++) {
				sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
			}
			List<InstanceSpec> servers = new ArrayList<>();
			for (int server = 0; server < 3; server++) {
				servers.add(new InstanceSpec(null, sockets.get(3 * server).getLocalPort(),
						sockets.get(3 * server + 1).getLocalPort(), sockets.get(3 * server + 2).getLocalPort(), true,
						server + 1));
			}
			return servers;
		}
		finally {
			for (ServerSocket socket : sockets) {
				socket.close();
			}
		}
	}

	/** Asks a server with the four-letter word {@code srvr} (allowed by default) whether it serves clients. */
	private static boolean isServing(InstanceSpec server) {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.getPort())) {
			socket.setSoTimeout(1000);
			socket.getOutputStream().write("srvr".getBytes(StandardCharsets.US_ASCII));
			String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
			return answer.contains("Mode:");
		}
		catch (IOException ex) {
			return false;
		}
	}

}
