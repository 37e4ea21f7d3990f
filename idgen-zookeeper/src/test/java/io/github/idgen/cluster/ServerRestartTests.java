package io.github.idgen.cluster;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 3: the server restarts within the session timeout. The session survives, and so do the
 * lease and the worker id; while the connection is down nothing is issued.
 */
class ServerRestartTests {

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void leaseAndWorkerIdSurviveARestartWithinTheSessionTimeout() throws Exception {
		ClusterDeploymentImpl deployment = this.support
			.start(this.support.builder().sessionTimeout(Duration.ofSeconds(4)).build());
		IdServiceProxy proxy = this.support.proxy(deployment, Duration.ofMillis(50));
		long before = proxy.nextId();
		WorkerIdLease lease = proxy.getLease();

		this.support.server().stop();

		await().atMost(Duration.ofSeconds(5)).until(() -> !lease.isValid());
		assertThatExceptionOfType(WorkerIdLeaseUnavailableException.class).isThrownBy(proxy::nextId)
			.withMessageContaining(lease.getPath())
			.withMessageContaining("suspended")
			.withMessageContaining("xxx.common.lease-wait-timeout");
		assertThat(lease.getTimeLeft()).isZero();
		long renewals = deployment.getRenewals();

		this.support.server().restart();

		await().atMost(Duration.ofSeconds(10)).until(lease::isValid);
		assertThat(deployment.getRenewals()).as("the confirmation of the lease").isGreaterThan(renewals);
		assertThat(lease.getTimeLeft()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(4));
		long after = proxy.nextId();
		assertThat(after).isGreaterThan(before);
		assertThat(proxy.getLease()).isSameAs(lease);
		assertThat(deployment.currentLease()).isSameAs(lease);
		assertThat(SnowflakeLayout.TWITTER.decompose(after).workerId()).isEqualTo(lease.getWorkerId());
		assertThat(deployment.getReconnects()).isEqualTo(1);
		assertThat(deployment.getLeasesTaken()).isEqualTo(1);
	}

	@Test
	void aCallWaitingForTheLeaseGetsAnIdOnceTheLeaseIsConfirmed() throws Exception {
		ClusterDeploymentImpl deployment = this.support
			.start(this.support.builder().sessionTimeout(Duration.ofSeconds(4)).build());
		IdServiceProxy proxy = this.support.proxy(deployment, Duration.ofSeconds(20));
		long before = proxy.nextId();
		WorkerIdLease lease = proxy.getLease();
		this.support.server().stop();
		await().atMost(Duration.ofSeconds(5)).until(() -> !lease.isValid());

		CompletableFuture<Long> waiting = CompletableFuture.supplyAsync(proxy::nextId);
		await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(1)).until(() -> {
			assertThat(waiting).as("no id while the server is down").isNotDone();
			return true;
		});
		this.support.server().restart();

		assertThat(waiting.get()).isGreaterThan(before);
		assertThat(lease.isValid()).isTrue();
	}

}
