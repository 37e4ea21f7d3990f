package io.github.idgen.sample;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.IdService;
import org.apache.commons.lang3.exception.ExceptionUtils;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The embedded ZooKeeper over whole application runs, as {@code java -jar} would start and stop them:
 * a second instance joins the first one's server, a taken port fails with how to join, and shutdown
 * gives back the worker ids before the server stops.
 */
@ExtendWith(OutputCaptureExtension.class)
class EmbeddedZooKeeperLifecycleTests {

	@Test
	void secondInstanceJoinsTheFirstOnesZooKeeperAndShutdownGivesBackLeasesBeforeTheServerStops(
			CapturedOutput output) throws Exception {
		ConfigurableApplicationContext first = run("--server.port=0", "--sample.embedded-zookeeper.port=0");
		EmbeddedZooKeeper zooKeeper = first.getBean(EmbeddedZooKeeper.class);
		assertThat(output).contains("started an embedded ZooKeeper server on " + zooKeeper.getConnectString(),
				"--server.port=8081 --xxx.common.zookeeper-addr=" + zooKeeper.getConnectString());
		WorkerIdLease firstLease = lease(first);
		WorkerIdLease secondLease;
		try (CuratorFramework observer = CuratorFrameworkFactory.newClient(zooKeeper.getConnectString(),
				new RetryOneTime(100))) {
			observer.start();
			ConfigurableApplicationContext second = run("--server.port=0",
					"--xxx.common.zookeeper-addr=" + zooKeeper.getConnectString());
			try {
				assertThat(second.getBeanNamesForType(EmbeddedZooKeeper.class)).isEmpty();
				secondLease = lease(second);
				assertThat(secondLease.getWorkerId()).isNotEqualTo(firstLease.getWorkerId());
				// an id of the second instance, taken apart by the first, shows the second's worker id
				String id = Http.get(port(second), "/ids/next").body();
				String details = Http.get(port(first), "/ids/" + id).body();
				assertThat((Integer) JsonPath.read(details, "$.workerId")).isEqualTo(secondLease.getWorkerId());
				assertThat(leaseNodes(observer)).containsExactlyInAnyOrder(Integer.toString(firstLease.getNodeId()),
						Integer.toString(secondLease.getNodeId()));
			}
			finally {
				second.close();
			}
			// given back at once, not after the session timeout
			assertThat(leaseNodes(observer)).containsExactly(Integer.toString(firstLease.getNodeId()));
		}

		first.close();

		assertThat(zooKeeper.isRunning()).isFalse();
		assertThat(zooKeeper.getDataDirectory()).doesNotExist();
		assertThatExceptionOfType(ConnectException.class)
			.isThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), zooKeeper.getPort()).close());
		String log = output.getOut();
		int gaveBack = log.indexOf("Gave back worker id " + firstLease.getWorkerId() + " (" + firstLease.getPath() + ")");
		int stopped = log.indexOf("Stopped the embedded ZooKeeper server on " + zooKeeper.getConnectString());
		assertThat(gaveBack).isNotNegative();
		assertThat(stopped).isGreaterThan(gaveBack);
		assertThat(log).doesNotContain("Not connected to ZooKeeper at shutdown", "Could not delete lease node");
	}

	@Test
	void takenPortFailsTheStartWithHowToJoinAndLeavesNothingBehind(CapturedOutput output) throws IOException {
		Set<Path> dataDirectoriesBefore = dataDirectories();
		try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			int port = taken.getLocalPort();
			Throwable failure = catchThrowable(() -> run("--server.port=0", "--sample.embedded-zookeeper.port=" + port));
			assertThat(ExceptionUtils.throwableOfType(failure, EmbeddedZooKeeperPortInUseException.class))
				.hasMessageContaining("127.0.0.1:" + port + ": the port is already in use");
			assertThat(output).contains("APPLICATION FAILED TO START",
					"pass --xxx.common.zookeeper-addr=127.0.0.1:" + port + " and a free --server.port");
		}
		assertThat(dataDirectories()).isEqualTo(dataDirectoriesBefore);
	}

	private static ConfigurableApplicationContext run(String... args) {
		return new SpringApplicationBuilder(SampleApplication.class).run(args);
	}

	private static WorkerIdLease lease(ConfigurableApplicationContext context) {
		return ((IdServiceProxy) context.getBean(IdService.class)).getLease();
	}

	private static int port(ConfigurableApplicationContext context) {
		return ((WebServerApplicationContext) context).getWebServer().getPort();
	}

	private static Set<Path> dataDirectories() throws IOException {
		try (Stream<Path> paths = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
			return paths.filter((path) -> path.getFileName().toString().startsWith("idgen-sample-zookeeper-"))
				.collect(Collectors.toSet());
		}
	}

	/** The lease nodes, without the high-water mark records kept beside them. */
	private static List<String> leaseNodes(CuratorFramework observer) throws Exception {
		return observer.getChildren()
			.forPath("/idgen/worker_ids")
			.stream()
			.filter((child) -> !child.equals(ClusterDeploymentImpl.MARKS))
			.toList();
	}

}
