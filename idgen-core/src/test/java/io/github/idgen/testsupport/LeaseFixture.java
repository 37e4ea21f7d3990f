package io.github.idgen.testsupport;

import java.time.Duration;

import io.github.idgen.lease.AbstractLeaseDeployment;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;

/**
 * What a backend's test support offers the scenarios every lease backend must pass
 * ({@link LeaseScenarios}): deployments of one lease group with test-sized timeouts, started and closed
 * at the end, and proxies on them.
 *
 * @param <D> the backend's deployment
 */
public interface LeaseFixture<D extends AbstractLeaseDeployment> {

	/**
	 * Returns the lease timeout of the deployments.
	 * @return the timeout
	 */
	Duration leaseTimeout();

	/**
	 * Starts a deployment with the test's settings, closed at the end.
	 * @return the started deployment
	 */
	D startDeployment();

	/**
	 * A proxy on a deployment, closed at the end before it.
	 * @param deployment the deployment
	 * @param leaseWaitTimeout how long a call waits for an unproven lease
	 * @return the proxy
	 */
	IdServiceProxy proxy(ClusterDeployment deployment, Duration leaseWaitTimeout);

}
