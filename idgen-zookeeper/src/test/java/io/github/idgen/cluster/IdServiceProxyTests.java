package io.github.idgen.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseKeeper;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.github.idgen.testsupport.Fields;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * The proxy with a live lease on a real server.
 */
class IdServiceProxyTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.TWITTER;

	@RegisterExtension
	static final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void issuesIncreasingIdsWithTheLeasedWorkerId() {
		ClusterDeploymentImpl deployment = support.startDeployment();
		IdServiceProxy proxy = support.proxy(deployment, Duration.ofSeconds(1));

		long first = proxy.nextId();
		List<Long> batch = proxy.nextIds(5000);
		long last = proxy.nextId();

		assertThat(batch).hasSize(5000).isSorted().doesNotHaveDuplicates();
		assertThat(batch.get(0)).isGreaterThan(first);
		assertThat(last).isGreaterThan(batch.get(4999));
		SnowflakeId parts = LAYOUT.decompose(last);
		assertThat(parts.workerId()).isEqualTo(deployment.getWorkerId());
		assertThat(parts.datacenterId()).isEqualTo(deployment.getDatacenterId());
	}

	@Test
	void idsAreStampedByTheDeploymentsClockWhicheverClockTheGeneratorSettingsName() {
		// the marks promise what the deployment's clock read: ids stamped by another clock would not keep it
		MillisClock anHourAhead = () -> System.currentTimeMillis() + Duration.ofHours(1).toMillis();
		ClusterDeploymentImpl deployment = support.start(support.builder().clock(anHourAhead).build());
		long before = anHourAhead.millis();
		try (IdServiceProxy proxy = new IdServiceProxy(deployment, Duration.ofSeconds(1),
				() -> IdServiceTwitter.builder().clock(MillisClock.SYSTEM))) {
			long id = proxy.nextId();

			assertThat(LAYOUT.timestampMillis(id)).isBetween(before, anHourAhead.millis())
				.isLessThanOrEqualTo(deployment.currentLease().getMarkMillis());
		}
	}

	@Test
	void aBadBatchSizeFailsBeforeAnyWaiting() {
		IdServiceProxy proxy = support.proxy(support.startDeployment(), Duration.ofSeconds(1));

		assertThatIllegalArgumentException().isThrownBy(() -> proxy.nextIds(0)).withMessageContaining("num");
	}

	@Test
	void aForcedReleaseThatLeasesAnotherIdSwapsTheGeneratorAndIdsKeepIncreasing() throws Exception {
		ClusterDeploymentImpl deployment = support.startDeployment();
		IdServiceProxy proxy = support.proxy(deployment, Duration.ofSeconds(1));
		List<Long> issued = new ArrayList<>(List.of(proxy.nextId()));
		WorkerIdLease old = proxy.getLease();
		int other = (old.getNodeId() + 1) % 32;
		support.occupyAllBut(support.operatorClient(), old.getNodeId(), other);

		// a fresh lease picks one of the two free ids at random: release until it is the other one
		for (int attempt = 0; attempt < 30 && deployment.currentLease().getNodeId() == old.getNodeId(); attempt++) {
			deployment.updateWorkerId(true);
			issued.add(proxy.nextId());
		}

		assertThat(proxy.getLease()).isNotSameAs(old).isSameAs(deployment.currentLease());
		assertThat(proxy.getLease().getNodeId()).isEqualTo(other);
		long after = issued.get(issued.size() - 1);
		assertThat(LAYOUT.decompose(after).workerId()).isEqualTo(other).isNotEqualTo(old.getWorkerId());
		assertThat(LAYOUT.decompose(issued.get(0)).workerId()).isEqualTo(old.getWorkerId());
		assertThat(issued).isSorted().doesNotHaveDuplicates();
	}

	@Test
	void aClosedProxyNeverIssuesAgainEvenOnceItsLeaseIsConfirmedAgain() {
		ClusterDeploymentImpl deployment = support.startDeployment();
		IdServiceProxy proxy = support.proxy(deployment, Duration.ofSeconds(1));
		proxy.nextId();
		WorkerIdLease lease = proxy.getLease();

		proxy.close();
		// a renewal that failed fences like this; the next one confirms the lease again
		LeaseKeeper keeper = (LeaseKeeper) Fields.read(deployment, "keeper");
		keeper.fence(lease, "lease not renewed in time: request timed out");
		await().atMost(Duration.ofSeconds(5)).until(lease::isValid);

		assertThat(deployment.currentLease()).isSameAs(lease);
		await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> refusedAsClosed(proxy));
		assertThat(lease.isValid()).as("refused with a valid lease").isTrue();
	}

	private static boolean refusedAsClosed(IdServiceProxy proxy) {
		assertThatIllegalStateException().isThrownBy(proxy::nextId).withMessageContaining("closed");
		assertThatIllegalStateException().isThrownBy(() -> proxy.nextIds(10)).withMessageContaining("closed");
		return true;
	}

	@Test
	void aLeasePastItsDeadlineWithNoEventSaysWhyNoIdIsIssued() {
		AtomicLong nanos = new AtomicLong(System.nanoTime());
		ClusterDeploymentImpl deployment = support.start(support.builder().nanoClock(nanos::get).build());
		IdServiceProxy proxy = support.proxy(deployment, Duration.ofMillis(50));
		proxy.nextId();

		// the process stood still for a minute: no event, only the deadline says the lease is unproven
		nanos.addAndGet(Duration.ofMinutes(1).toNanos());

		assertThat(proxy.whyNotIssuing()).contains("deadline passed");
	}

}
