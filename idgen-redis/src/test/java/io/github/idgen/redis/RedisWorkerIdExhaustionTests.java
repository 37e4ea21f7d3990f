package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.testsupport.AtOnce;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Leasers started at once on a group Redis has no records of get distinct ids once the new records
 * stood still for a lease timeout; one more than the range holds fails as exhausted after watching the
 * held records for a lease timeout; the whole 10-bit node id range is leased once.
 */
class RedisWorkerIdExhaustionTests {

	private final RedisServer server = RedisServer.shared();

	@Test
	void thirtyTwoLeasersStartedAtOnceGetDistinctIdsAndTheThirtyThirdFailsAsExhausted() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server)) {
			List<RedisLeaseDeployment> deployments = new ArrayList<>();
			for (int i = 0; i < 32; i++) {
				deployments.add(support.startDeployment());
			}
			assertThat(new HashSet<>(RedisLeaseTestSupport.leaseAtOnce(deployments, RedisLeaseDeployment::getWorkerId)))
				.hasSize(32)
				.allMatch((id) -> id >= 0 && id <= 31);

			RedisLeaseDeployment thirtyThird = support.startDeployment();
			long start = System.nanoTime();
			assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(thirtyThird::getWorkerId)
				.withMessageContaining("Worker ids are exhausted")
				.withMessageContaining("idgen:lease:" + support.group())
				.withMessageContaining("0..31")
				.satisfies((ex) -> assertThat(ex.getHolders()).isEqualTo(32));
			assertThat(Duration.ofNanos(System.nanoTime() - start))
				.as("watched the live holders' records for a lease timeout before giving up")
				.isGreaterThanOrEqualTo(RedisLeaseTestSupport.LEASE_TIMEOUT);

			// one given back is free at once
			deployments.get(7).close();
			start = System.nanoTime();
			assertThat(thirtyThird.updateWorkerId(false)).isEqualTo(deployments.get(7).currentLease().getWorkerId());
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(RedisLeaseTestSupport.LEASE_TIMEOUT);
		}
	}

	@Test
	void allOfTheNodeIdRangeIsLeasedOnce() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server)) {
			List<RedisLeaseDeployment> deployments = new ArrayList<>();
			for (int i = 0; i < 1024; i++) {
				// slow renewals and marks: 1024 keepers on a two-core machine
				deployments.add(support.builder()
					.leaseRange(LeaseRange.NODE_ID, 0)
					.leaseTimeout(Duration.ofSeconds(60))
					.markInterval(Duration.ofSeconds(10))
					.markMaxWait(Duration.ofSeconds(30))
					.build());
			}
			support.startAll(deployments);
			// as if a fleet had given them back: the first wait of new records is proven by the test above
			assertThat(support.settleRecords(1023)).isEqualTo(1024);
			List<Integer> nodeIds = AtOnce.run(deployments, 64, (deployment) -> {
				deployment.getWorkerId();
				return deployment.getDatacenterId() * 32 + deployment.getWorkerId();
			});
			assertThat(new HashSet<>(nodeIds)).hasSize(1024);
		}
	}

}
