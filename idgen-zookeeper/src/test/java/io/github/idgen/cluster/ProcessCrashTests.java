package io.github.idgen.cluster;

import java.io.IOException;
import java.time.Duration;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.testsupport.BackgroundIssuer;
import io.github.idgen.testsupport.LeaseHolderChild;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 6 and the frozen process: a lease holder in its own JVM is killed with SIGKILL, or
 * stopped with SIGSTOP past its session while another instance takes over its id. Only one id is
 * free, so the second instance can lease nothing but the first one's id.
 */
@EnabledOnOs(OS.LINUX)
class ProcessCrashTests {

	private static final int FREE_ID = 5;

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	private LeaseHolderChild child;

	@BeforeEach
	void setUp() throws Exception {
		CuratorFramework operator = this.support.operatorClient();
		for (int id = 0; id < 32; id++) {
			if (id != FREE_ID) {
				operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
					.forPath(this.support.path() + "/" + id);
			}
		}
	}

	@AfterEach
	void tearDown() throws Exception {
		if (this.child != null) {
			this.child.close();
		}
	}

	@Test
	void theIdOfAKilledProcessIsLeasedByAnotherInstanceAfterItsSessionTimesOut() throws Exception {
		this.child = startChild(60, LeaseTestSupport.MARK_INTERVAL);
		ClusterDeploymentImpl successor = this.support.startDeployment();
		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(successor::getWorkerId);

		this.child.kill();

		// the node lives until the server expires the dead process's session
		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(successor::getWorkerId);
		await().atMost(Duration.ofSeconds(15)).ignoreExceptions().until(() -> successor.getWorkerId() == FREE_ID);
	}

	@Test
	void aProcessFrozenPastItsSessionIssuesNoIdAfterItThawsWhileItsSuccessorHoldsTheId() throws Exception {
		// marks written 5 s apart are still ahead of the child's clock when it thaws: only the lease
		// deadline can stop it from issuing with the id it lost
		LeaseHolderChild frozen = startChild(60, Duration.ofSeconds(5));
		this.child = frozen;
		await().atMost(Duration.ofSeconds(10)).until(() -> frozen.countIds() > 100);

		frozen.signal("STOP");
		int linesBeforeFreeze = frozen.linesOnceDrained();
		ClusterDeploymentImpl successor = this.support
			.start(this.support.builder().markMaxWait(Duration.ofSeconds(30)).build());
		await().atMost(Duration.ofSeconds(15)).ignoreExceptions().until(() -> successor.getWorkerId() == FREE_ID);
		IdServiceProxy successorIds = this.support.proxy(successor, Duration.ofSeconds(30));
		try (BackgroundIssuer successorIssuer = new BackgroundIssuer(successorIds)) {
			long thawedAt = System.currentTimeMillis();
			frozen.signal("CONT");
			await().atMost(Duration.ofSeconds(30))
				.until(() -> frozen.lines().size() > linesBeforeFreeze + 1000 && successorIssuer.issued().size() > 100);
			successorIssuer.close();

			// The deadline is what this proves: the marks were written 5 s ahead, so only the deadline
			// stops an id made after the thaw with the lost worker id.
			frozen.assertIssuedNothingWithItsLostIdAfterThaw(linesBeforeFreeze, thawedAt, FREE_ID);
			// the successor waited for the child's mark, so this holds by the marks alone
			assertThat(frozen.ids()).doesNotContainAnyElementsOf(successorIssuer.issued());
		}
	}

	private LeaseHolderChild startChild(int runSeconds, Duration markInterval) throws IOException {
		LeaseHolderChild started = new LeaseHolderChild(LeaseHolderProcess.class, this.support.connectString(),
				this.support.path(), Integer.toString(runSeconds), Long.toString(markInterval.toMillis()));
		assertThat(started.workerId()).as("the one free id").isEqualTo(FREE_ID);
		return started;
	}

}
