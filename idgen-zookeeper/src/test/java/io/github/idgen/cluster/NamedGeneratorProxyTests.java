package io.github.idgen.cluster;

import java.time.Duration;
import java.util.List;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.HighWaterMark;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SequenceStart;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * Named generators on one deployment, on a real ZooKeeper server: each an {@link IdServiceProxy} of
 * a layout of its own on the deployment's lease, with time and sequence state of its own.
 */
class NamedGeneratorProxyTests {

	private static final SnowflakeLayout JS = SnowflakeLayout.JAVASCRIPT_SAFE;

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void aNamedGeneratorSharesTheLeaseOfTheDefaultOneWithAStateOfItsOwn() {
		ClusterDeploymentImpl deployment = this.support.startDeployment();
		IdServiceProxy ids = this.support.proxy(deployment, Duration.ofSeconds(1));
		IdServiceProxy js = named(deployment, "js", JS);

		long id = js.nextId();

		assertThat(js.getLease()).isSameAs(ids.getLease());
		assertThat(id).isLessThan(1L << 53);
		assertThat(JS.decompose(id).workerId()).isEqualTo(deployment.getWorkerId());
		assertThat(ids.issuedIds()).isZero();
		assertThat(js.issuedIds()).isOne();
	}

	@Test
	void aSecondIssuerOfTheSameNameIsRefused() {
		ClusterDeploymentImpl deployment = this.support.startDeployment();
		named(deployment, "js", JS);

		assertThatIllegalStateException().isThrownBy(() -> named(deployment, "js", JS))
			.withMessageContaining("(generator 'js') already serves");
	}

	@Test
	void aGeneratorThatCannotBeBuiltLeavesTheNameFree() {
		ClusterDeploymentImpl deployment = this.support.startDeployment();
		SnowflakeLayout fewSequenceBits = SnowflakeLayout.builder().sequenceBits(4).build();

		assertThatIllegalArgumentException()
			.isThrownBy(() -> new IdServiceProxy(deployment, "js", fewSequenceBits, Duration.ofSeconds(5),
					() -> IdServiceTwitter.builder().sequenceStart(SequenceStart.ROTATE)))
			.withMessageContaining("ROTATE needs at least");

		assertThat(named(deployment, "js", JS).nextId()).isLessThan(1L << 53);
	}

	@Test
	void aLayoutWithoutRoomForTheLeasedNodeIdsIsRefused() {
		ClusterDeploymentImpl deployment = this.support
			.start(this.support.builder().leaseRange(LeaseRange.NODE_ID, 0).build());
		SnowflakeLayout small = SnowflakeLayout.builder().datacenterBits(0).workerBits(9).build();

		assertThatIllegalArgumentException().isThrownBy(() -> named(deployment, "small", small))
			.withMessageContaining("has node ids 0..511")
			.withMessageContaining("but the deployment leases node ids 0..1023");
	}

	@Test
	void aNamedGeneratorFollowsTheLeaseToAnotherNodeIdAndItsIdsKeepIncreasing() throws Exception {
		ClusterDeploymentImpl deployment = this.support.startDeployment();
		IdServiceProxy js = named(deployment, "js", JS);
		long before = js.nextId();
		WorkerIdLease old = deployment.currentLease();

		// another holder's token in the mark record: the id is theirs now, and the deployment leases another
		this.support.operatorClient()
			.setData()
			.forPath(this.support.path() + "/" + ClusterDeploymentImpl.MARKS + "/" + old.getNodeId(),
					new HighWaterMark(System.currentTimeMillis() + 60_000, 60_000, "successor", "1@elsewhere", 0x42L,
							"successor-token")
						.toBytes());
		await().atMost(Duration.ofSeconds(5)).until(() -> deployment.currentLease() != old);

		List<Long> after = List.copyOf(js.nextIds(10));
		assertThat(after).allSatisfy((id) -> {
			assertThat(id).isGreaterThan(before);
			assertThat(JS.decompose(id).workerId()).isEqualTo(deployment.getWorkerId()).isNotEqualTo(old.getWorkerId());
		});
		assertThat(js.getLease()).isSameAs(deployment.currentLease());
	}

	private IdServiceProxy named(ClusterDeployment deployment, String name, SnowflakeLayout layout) {
		IdServiceProxy proxy = new IdServiceProxy(deployment, name, layout, Duration.ofSeconds(5),
				IdServiceTwitter::builder);
		this.support.closeFirst(proxy);
		return proxy;
	}

}
