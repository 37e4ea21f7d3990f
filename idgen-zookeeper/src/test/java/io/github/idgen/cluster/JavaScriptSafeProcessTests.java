package io.github.idgen.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.BackgroundIssuer;
import io.github.idgen.testsupport.LeaseHolderChild;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Three instances in their own JVMs issue JavaScript-safe ids ({@link SnowflakeLayout#JAVASCRIPT_SAFE},
 * 1 s units) as fast as the layout lets them, on a real ZooKeeper server with only their three ids
 * free. One is killed with SIGKILL and one frozen with SIGSTOP past its session; two instances of this
 * JVM take their ids over, the frozen one is thawed. Zero ids twice, every id below 2^53. The frozen
 * one writes its marks 2 s apart, 4 s ahead: when it thaws its mark is still ahead of its clock, so
 * only its lease deadline keeps it from issuing with the id it lost.
 */
@EnabledOnOs(OS.LINUX)
class JavaScriptSafeProcessTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.JAVASCRIPT_SAFE;

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void noIdIsIssuedTwiceThroughAKillAndAFreezeAndEveryIdIsBelow2To53() throws Exception {
		this.support.occupyAllBut(this.support.operatorClient(), 5, 6, 7);
		List<LeaseHolderChild> children = startChildren(Duration.ofMillis(200), Duration.ofSeconds(2),
				Duration.ofMillis(200));
		List<BackgroundIssuer> successors = new ArrayList<>();
		try {
			await().atMost(Duration.ofSeconds(20)).until(() -> children.stream().allMatch((c) -> c.countIds() > 2_000));
			LeaseHolderChild killed = children.get(0);
			LeaseHolderChild frozen = children.get(1);

			killed.kill();
			successors.add(takeOver(killed.workerId()));

			long frozenAt = System.currentTimeMillis();
			frozen.signal("STOP");
			int linesBeforeFreeze = frozen.linesOnceDrained();
			successors.add(takeOver(frozen.workerId()));
			frozen.signal("CONT");
			await().atMost(Duration.ofSeconds(20)).until(() -> frozen.lines().size() > linesBeforeFreeze + 100
					&& successors.stream().allMatch((s) -> s.issued().size() > 2_000));
			for (BackgroundIssuer successor : successors) {
				successor.close();
			}
			List<Long> issuedByChildren = new ArrayList<>();
			for (LeaseHolderChild child : children) {
				child.kill();
				child.linesOnceDrained();
				child.lines().stream()
					.filter((line) -> line.startsWith("ID "))
					.forEach((line) -> issuedByChildren.add(Long.parseLong(line.substring(3))));
			}

			List<String> afterThaw = frozen.lines().subList(linesBeforeFreeze, frozen.lines().size());
			assertThat(afterThaw).as("the thawed instance refuses: its id is taken and none is free").contains("REFUSED");
			// an id made after the thaw is from a later second than the freeze (the thaw is seconds later)
			assertThat(afterThaw).filteredOn((line) -> line.startsWith("ID "))
				.map((line) -> LAYOUT.decompose(Long.parseLong(line.substring(3))))
				.filteredOn((id) -> id.workerId() == frozen.workerId())
				.allSatisfy((id) -> assertThat(id.timestamp().toEpochMilli()).as("stamped no later than the freeze")
					.isLessThanOrEqualTo(LAYOUT.unitStartMillis(frozenAt)));
			long issued = issuedByChildren.size();
			Set<Long> all = new HashSet<>(issuedByChildren);
			for (BackgroundIssuer successor : successors) {
				issued += successor.issued().size();
				all.addAll(successor.issued());
			}
			assertThat(issued).isGreaterThan(10_000);
			assertThat(all).as("no id issued twice").hasSize((int) issued);
			assertThat(all).allSatisfy((id) -> assertThat(id).isLessThan(1L << 53));
		}
		finally {
			for (BackgroundIssuer successor : successors) {
				successor.close();
			}
			for (LeaseHolderChild child : children) {
				child.close();
			}
		}
	}

	/** Starts a child per mark interval, at once: each JVM takes a second or two to start. */
	private List<LeaseHolderChild> startChildren(Duration... markIntervals) throws Exception {
		ExecutorService starters = Executors.newFixedThreadPool(markIntervals.length);
		try {
			List<Future<LeaseHolderChild>> started = new ArrayList<>();
			for (Duration markInterval : markIntervals) {
				started.add(starters.submit(() -> new LeaseHolderChild(LeaseHolderProcess.class,
						this.support.connectString(), this.support.path(), "60", Long.toString(markInterval.toMillis()),
						"javascript-safe")));
			}
			List<LeaseHolderChild> children = new ArrayList<>();
			for (Future<LeaseHolderChild> child : started) {
				children.add(child.get());
			}
			return children;
		}
		finally {
			starters.shutdown();
		}
	}

	/** An instance of this JVM that takes the id over once its holder's session has ended, and issues. */
	private BackgroundIssuer takeOver(int workerId) {
		ClusterDeploymentImpl successor = this.support.start(
				this.support.builder().layout(LAYOUT).markMaxWait(Duration.ofSeconds(30)).build());
		await().atMost(Duration.ofSeconds(15)).ignoreExceptions().until(() -> successor.getWorkerId() == workerId);
		IdServiceProxy ids = this.support.proxy(successor, Duration.ofSeconds(30));
		return new BackgroundIssuer(ids);
	}

}
