package io.github.idgen.autoconfigure;

import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The failure analyzers of what every mode shares, called directly with real exceptions, and the report
 * a real {@link SpringApplication} prints.
 */
@ExtendWith(OutputCaptureExtension.class)
class IdgenFailureAnalyzersTests {

	@Test
	void exhaustedWorkerIdsAnalysisNamesThePathTheRangeAndTheWaysOut() throws Exception {
		WorkerIdsExhaustedException exhausted = exhaustedOnARealServer();

		FailureAnalysis analysis = new WorkerIdsExhaustedFailureAnalyzer().analyze(new IllegalStateException(exhausted));

		assertThat(analysis.getDescription()).contains("'/full/worker_ids'", "0..31", "32 holders");
		assertThat(analysis.getAction()).contains("xxx.common.zookeeper-worker-ids-path",
				"xxx.common.lease-range=node-id", "xxx.common.zookeeper-session-timeout", "xxx.common.jdbc-lease-timeout",
				"xxx.common.redis-lease-timeout", "xxx.common.jdbc-lease-group", "xxx.common.redis-lease-group",
				"xxx.common.id-data-center-id");
	}

	@Test
	void aRealApplicationWithAnInvalidPropertyPrintsTheReportNamingIt(CapturedOutput output) {
		SpringApplication application = new SpringApplication(EmptyApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);

		assertThatException().isThrownBy(() -> application.run("--xxx.common.id-worker-id=40"));

		assertThat(output).contains("APPLICATION FAILED TO START", "xxx.common.id-worker-id",
				"must be between 0 and 31", "Action:");
	}

	private static WorkerIdsExhaustedException exhaustedOnARealServer() throws Exception {
		try (TestingServer server = new TestingServer();
				CuratorFramework operator = CuratorFrameworkFactory.newClient(server.getConnectString(),
						new RetryOneTime(100))) {
			operator.start();
			for (int id = 0; id < 32; id++) {
				operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL).forPath("/full/worker_ids/" + id);
			}
			try (ClusterDeploymentImpl deployment = ClusterDeploymentImpl.builder(server.getConnectString())
				.workerIdsPath("/full/worker_ids")
				.build()) {
				deployment.start();
				try {
					deployment.getWorkerId();
				}
				catch (WorkerIdsExhaustedException ex) {
					return ex;
				}
			}
		}
		throw new AssertionError("Expected the worker ids to be exhausted");
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class EmptyApplication {

	}

}
