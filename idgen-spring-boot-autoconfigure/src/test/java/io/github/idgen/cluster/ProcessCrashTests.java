package io.github.idgen.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
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

	private Process child;

	private final List<String> childLines = new CopyOnWriteArrayList<>();

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
			signal("CONT");
			this.child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void theIdOfAKilledProcessIsLeasedByAnotherInstanceAfterItsSessionTimesOut() throws Exception {
		startChild(60, LeaseTestSupport.MARK_INTERVAL);
		ClusterDeploymentImpl successor = this.support.startDeployment();
		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(successor::getWorkerId);

		this.child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);

		// the node lives until the server expires the dead process's session
		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(successor::getWorkerId);
		await().atMost(Duration.ofSeconds(15)).ignoreExceptions().until(() -> successor.getWorkerId() == FREE_ID);
	}

	@Test
	void aProcessFrozenPastItsSessionIssuesNoIdAfterItThawsWhileItsSuccessorHoldsTheId() throws Exception {
		// marks written 5 s apart are still ahead of the child's clock when it thaws: only the lease
		// deadline can stop it from issuing with the id it lost
		startChild(60, Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(10)).until(() -> countIds() > 100);

		signal("STOP");
		int linesBeforeFreeze = linesOnceDrained();
		ClusterDeploymentImpl successor = this.support
			.start(this.support.builder().markMaxWait(Duration.ofSeconds(30)).build());
		await().atMost(Duration.ofSeconds(15)).ignoreExceptions().until(() -> successor.getWorkerId() == FREE_ID);
		IdServiceProxy successorIds = this.support.proxy(successor, Duration.ofSeconds(30));
		Set<Long> successorIssued = ConcurrentHashMap.newKeySet();
		AtomicBoolean issuing = new AtomicBoolean(true);
		Thread issuer = new Thread(() -> {
			while (issuing.get()) {
				successorIssued.add(successorIds.nextId());
				LockSupport.parkNanos(200_000);
			}
		});
		issuer.start();

		long thawedAt = System.currentTimeMillis();
		signal("CONT");
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.childLines.size() > linesBeforeFreeze + 1000 && successorIssued.size() > 100);
		issuing.set(false);
		issuer.join();

		List<String> lines = List.copyOf(this.childLines);
		List<String> afterThaw = lines.subList(linesBeforeFreeze, lines.size());
		assertThat(afterThaw).as("the thawed process refuses instead of issuing with the lost id").contains("REFUSED");
		// The deadline is what this proves: the marks were written 5 s ahead, so only the deadline stops
		// an id made after the thaw with the lost worker id. (An id made just before SIGSTOP may be
		// printed after SIGCONT; it is stamped before the freeze, and the successor waits for the mark.)
		for (String line : afterThaw) {
			if (line.startsWith("ID ")) {
				SnowflakeId id = SnowflakeLayout.withDefaultEpoch().decompose(Long.parseLong(line.substring(3)));
				if (!id.timestamp().isBefore(Instant.ofEpochMilli(thawedAt))) {
					assertThat(id.workerId()).as("an id the thawed process made with its lost worker id")
						.isNotEqualTo(FREE_ID);
				}
			}
		}
		// the successor waited for the child's mark, so this holds by the marks alone
		Set<Long> childIssued = new HashSet<>();
		for (String line : lines) {
			if (line.startsWith("ID ")) {
				childIssued.add(Long.parseLong(line.substring(3)));
			}
		}
		assertThat(childIssued).doesNotContainAnyElementsOf(successorIssued);
	}


	/** The stopped child writes nothing more: once the pipe is drained, the count stays put. */
	private int linesOnceDrained() throws InterruptedException {
		int before;
		int after = this.childLines.size();
		do {
			before = after;
			Thread.sleep(300);
			after = this.childLines.size();
		}
		while (after != before);
		return after;
	}

	private long countIds() {
		return this.childLines.stream().filter((line) -> line.startsWith("ID ")).count();
	}

	private void startChild(int runSeconds, Duration markInterval) throws IOException {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		this.child = new ProcessBuilder(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
				LeaseHolderProcess.class.getName(), this.support.connectString(), this.support.path(),
				Integer.toString(runSeconds), Long.toString(markInterval.toMillis()))
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
		Thread reader = new Thread(() -> {
			try (BufferedReader lines = new BufferedReader(
					new InputStreamReader(this.child.getInputStream(), StandardCharsets.UTF_8))) {
				for (String line = lines.readLine(); line != null; line = lines.readLine()) {
					this.childLines.add(line);
				}
			}
			catch (IOException ex) {
				// the process is gone
			}
		}, "child-stdout");
		reader.setDaemon(true);
		reader.start();
		await().atMost(Duration.ofSeconds(30)).until(() -> this.childLines.contains("LEASED " + FREE_ID));
	}

	private void signal(String name) throws Exception {
		if (this.child != null && this.child.isAlive()) {
			new ProcessBuilder("kill", "-" + name, Long.toString(this.child.pid())).inheritIO().start().waitFor();
		}
	}

}
