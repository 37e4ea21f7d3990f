package io.github.idgen.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.idgen.lease.AbstractLeaseDeployment;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.IdServiceTwitter;

/**
 * What a lease test started, whatever the backend, closed at the end: proxies first, then the rest in
 * the order they were added (deployments before the clients and servers they need).
 */
public final class StartedLeases implements AutoCloseable {

	private final List<AutoCloseable> closeables = new ArrayList<>();

	/**
	 * Starts a deployment and closes it at the end.
	 * @param deployment a deployment of any backend
	 * @param <D> its type
	 * @return the started deployment
	 */
	public synchronized <D extends AbstractLeaseDeployment> D start(D deployment) {
		this.closeables.add(deployment);
		deployment.start();
		return deployment;
	}

	/**
	 * A proxy on the deployment, closed before everything else; its ids are stamped by the deployment's
	 * clock.
	 * @param deployment the deployment
	 * @param leaseWaitTimeout how long a call waits for an unproven lease
	 * @return the proxy
	 */
	public synchronized IdServiceProxy proxy(ClusterDeployment deployment, Duration leaseWaitTimeout) {
		IdServiceProxy proxy = new IdServiceProxy(deployment, leaseWaitTimeout, IdServiceTwitter::builder);
		this.closeables.add(0, proxy);
		return proxy;
	}

	/**
	 * Closes something at the end, after the proxies and what was added before it.
	 * @param closeable such as a client or a server handle
	 * @param <C> its type
	 * @return the same
	 */
	public synchronized <C extends AutoCloseable> C closeAtEnd(C closeable) {
		this.closeables.add(closeable);
		return closeable;
	}

	/**
	 * Closes something at the end, before everything added so far.
	 * @param closeable such as a deployment that must be closed before the client it runs on
	 * @param <C> its type
	 * @return the same
	 */
	public synchronized <C extends AutoCloseable> C closeFirst(C closeable) {
		this.closeables.add(0, closeable);
		return closeable;
	}

	@Override
	public synchronized void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
		this.closeables.clear();
	}

}
