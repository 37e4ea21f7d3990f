package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.BackgroundIssuer;
import io.github.idgen.testsupport.LeaseHolderChild;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Lease holders in their own JVMs, as a crashed or paused instance is: one killed with SIGKILL while
 * every other id is held (its id is free a lease timeout later, not before), one frozen with SIGSTOP
 * past its lease timeout while a successor takes its id (thawed, it issues nothing with that id).
 */
@EnabledOnOs(OS.LINUX)
class RedisProcessTests {

	private final RedisServer server = RedisServer.shared();

	@Test
	void theIdOfAKilledProcessIsTakenOverAfterALeaseTimeoutAndNotBefore() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server)) {
			support.settleWorkerIds();
			try (LeaseHolderChild child = RedisLeaseHolderProcess.start(this.server, support.group(), 60,
					RedisLeaseTestSupport.MARK_INTERVAL)) {
				List<RedisLeaseDeployment> others = leaseTheOther31(support);
				RedisLeaseDeployment successor = support.startDeployment();
				assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(successor::getWorkerId);

				child.kill();
				long killedAt = System.nanoTime();
				int taken = successor.updateWorkerId(false);
				Duration afterKill = Duration.ofNanos(System.nanoTime() - killedAt);

				assertThat(taken).isEqualTo(child.workerId());
				assertThat(afterKill).as("the dead holder's record is taken over no sooner than a lease timeout")
					.isGreaterThanOrEqualTo(RedisLeaseTestSupport.LEASE_TIMEOUT)
					.isLessThan(RedisLeaseTestSupport.LEASE_TIMEOUT.multipliedBy(3));
				assertThat(others).allSatisfy((other) -> assertThat(other.currentLease().isValid()).isTrue());
			}
		}
	}

	@Test
	void aHolderFrozenPastItsLeaseIssuesNothingWithItsIdAfterThawAndLeasesAnother() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server)) {
			support.settleWorkerIds();
			// marks written 5 s apart are still ahead of the child's clock when it thaws: only the lease
			// deadline can stop it from issuing with the id it lost
			try (LeaseHolderChild child = RedisLeaseHolderProcess.start(this.server, support.group(), 60,
					Duration.ofSeconds(5))) {
				int lostId = child.workerId();
				List<RedisLeaseDeployment> others = leaseTheOther31(support);
				await().atMost(Duration.ofSeconds(10)).until(() -> child.countIds() > 100);

				child.signal("STOP");
				int linesBeforeFreeze = child.linesOnceDrained();
				RedisLeaseDeployment successor = support
					.start(support.builder().markMaxWait(Duration.ofSeconds(30)).build());
				assertThat(successor.getWorkerId()).isEqualTo(lostId);
				IdServiceProxy successorIds = support.proxy(successor, Duration.ofSeconds(30));
				try (BackgroundIssuer successorIssuer = new BackgroundIssuer(successorIds)) {
					long thawedAt = System.currentTimeMillis();
					child.signal("CONT");
					RedisLeaseDeployment leaving = others.get(0);
					int freedId = leaving.getWorkerId();
					leaving.close();
					await().atMost(Duration.ofSeconds(30))
						.until(() -> workerIdsAfter(child, linesBeforeFreeze).contains(freedId)
								&& successorIssuer.issued().size() > 100);
					successorIssuer.close();

					child.assertIssuedNothingWithItsLostIdAfterThaw(linesBeforeFreeze, thawedAt, lostId);
					assertThat(child.ids()).doesNotContainAnyElementsOf(successorIssuer.issued());
				}
			}
		}
	}

	private static List<RedisLeaseDeployment> leaseTheOther31(RedisLeaseTestSupport support) {
		List<RedisLeaseDeployment> others = new ArrayList<>();
		for (int i = 0; i < 31; i++) {
			RedisLeaseDeployment other = support.startDeployment();
			other.getWorkerId();
			others.add(other);
		}
		return others;
	}

	private static List<Integer> workerIdsAfter(LeaseHolderChild child, int fromLine) {
		List<String> lines = child.lines();
		return lines.subList(fromLine, lines.size())
			.stream()
			.filter((line) -> line.startsWith("ID "))
			.map((line) -> SnowflakeLayout.TWITTER.decompose(Long.parseLong(line.substring(3))).workerId())
			.toList();
	}

}
