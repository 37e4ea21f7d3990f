package io.github.idgen.cluster;

import java.time.Duration;
import java.util.List;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The proxy with a live lease on a real server.
 */
class IdServiceProxyTests {

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
		SnowflakeId parts = SnowflakeLayout.withDefaultEpoch().decompose(last);
		assertThat(parts.workerId()).isEqualTo(deployment.getWorkerId());
		assertThat(parts.datacenterId()).isEqualTo(deployment.getDatacenterId());
	}

	@Test
	void aBadBatchSizeFailsBeforeAnyWaiting() {
		IdServiceProxy proxy = support.proxy(support.startDeployment(), Duration.ofSeconds(1));

		assertThatIllegalArgumentException().isThrownBy(() -> proxy.nextIds(0)).withMessageContaining("num");
	}

	@Test
	void aForcedReleaseSwapsTheGeneratorAndIdsKeepIncreasing() {
		ClusterDeploymentImpl deployment = support.startDeployment();
		IdServiceProxy proxy = support.proxy(deployment, Duration.ofSeconds(1));
		long before = proxy.nextId();
		WorkerIdLease old = proxy.getLease();

		deployment.updateWorkerId(true);

		long after = proxy.nextId();
		assertThat(proxy.getLease()).isNotSameAs(old).isSameAs(deployment.currentLease());
		assertThat(after).isGreaterThan(before);
		assertThat(SnowflakeLayout.withDefaultEpoch().decompose(after).workerId())
			.isEqualTo(proxy.getLease().getWorkerId());
	}

	@Test
	void closingStopsIssuing() {
		IdServiceProxy proxy = support.proxy(support.startDeployment(), Duration.ofSeconds(1));
		proxy.nextId();

		proxy.close();

		assertThatIllegalStateException().isThrownBy(proxy::nextId).withMessageContaining("closed");
	}

}
