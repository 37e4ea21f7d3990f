package io.github.idgen.autoconfigure.zookeeper;

import java.net.ServerSocket;
import java.time.Duration;

import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.cluster.ZooKeeperUnavailableException;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The failure analyzers of cluster mode, called directly with real exceptions, and the report a real
 * {@link SpringApplication} prints.
 */
@ExtendWith(OutputCaptureExtension.class)
class ZooKeeperFailureAnalyzersTests {

	@Test
	void unreachableZooKeeperAnalysisNamesTheAddressAndTheProperties() throws Exception {
		ZooKeeperUnavailableException unreachable = unreachable(closedPort());

		FailureAnalysis analysis = new ZooKeeperUnavailableFailureAnalyzer().analyze(unreachable);

		assertThat(analysis.getDescription()).contains(unreachable.getConnectString(), "300 ms");
		assertThat(analysis.getAction()).contains("xxx.common.zookeeper-addr", "xxx.common.zookeeper-connection-timeout",
				"xxx.common.zookeeper-enabled=false");
	}

	@Test
	void missingCuratorAnalysisSaysWhatToDependOnOrHowToRunWithoutZooKeeper() {
		FailureAnalysis analysis = new MissingCuratorFailureAnalyzer()
			.analyze(new IllegalStateException("start-up failed", new MissingCuratorException()));

		assertThat(analysis.getDescription()).contains("xxx.common.zookeeper-enabled=true",
				"org.apache.curator:curator-framework");
		assertThat(analysis.getAction()).contains("io.github.idgen:idgen-spring-boot-starter",
				"xxx.common.zookeeper-enabled=false", "xxx.common.id-worker-id");
	}

	@Test
	void aRealApplicationInClusterModeWithoutCuratorPrintsTheReport(CapturedOutput output) {
		SpringApplication application = new SpringApplication(
				new DefaultResourceLoader(new FilteredClassLoader(CuratorFramework.class)), EmptyApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);

		assertThatException().isThrownBy(() -> application.run("--xxx.common.zookeeper-enabled=true"));

		assertThat(output).contains("APPLICATION FAILED TO START", "Description:",
				"xxx.common.zookeeper-enabled=true needs Apache Curator", "Action:",
				"Depend on io.github.idgen:idgen-spring-boot-starter");
	}

	@Test
	void aRealApplicationThatCannotReachZooKeeperPrintsTheReport(CapturedOutput output) throws Exception {
		int port = closedPort();
		SpringApplication application = new SpringApplication(EmptyApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);

		assertThatException().isThrownBy(() -> application.run("--xxx.common.zookeeper-enabled=true",
				"--xxx.common.zookeeper-addr=127.0.0.1:" + port, "--xxx.common.zookeeper-connection-timeout=300ms"));

		assertThat(output).contains("APPLICATION FAILED TO START", "Description:",
				"idgen could not connect to ZooKeeper at '127.0.0.1:" + port + "' within 300 ms", "Action:",
				"xxx.common.zookeeper-addr is right");
	}

	private static ZooKeeperUnavailableException unreachable(int port) {
		try {
			ClusterDeploymentImpl.builder("127.0.0.1:" + port).connectionTimeout(Duration.ofMillis(300)).build().start();
		}
		catch (ZooKeeperUnavailableException ex) {
			return ex;
		}
		throw new AssertionError("Expected ZooKeeper to be unreachable");
	}

	private static int closedPort() throws Exception {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class EmptyApplication {

	}

}
