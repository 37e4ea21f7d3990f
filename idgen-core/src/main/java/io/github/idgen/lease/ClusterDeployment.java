package io.github.idgen.lease;

import java.util.function.Consumer;

import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * Leases a worker id for this instance, so that no two live instances share one.
 */
public interface ClusterDeployment {

	/**
	 * The name the default issuer (the {@code IdService} bean) attaches under; named generators attach
	 * under their own names.
	 */
	String DEFAULT_ISSUER = "";

	/**
	 * Returns the leased worker id, leasing one on first use.
	 * @return the worker id, 0..{@link SnowflakeLayout#maxWorkerId()} of {@link #getLayout()}
	 * @throws WorkerIdsExhaustedException if every id of the range is held by another instance
	 */
	int getWorkerId();

	/**
	 * Returns the datacenter id that goes with the leased worker id.
	 * @return the datacenter id, 0..{@link SnowflakeLayout#maxDatacenterId()} of {@link #getLayout()}
	 */
	int getDatacenterId();

	/**
	 * Returns the layout whose node ids are leased: a lease's node id splits into datacenter id and
	 * worker id by it, and an {@link IdServiceProxy} on this deployment issues ids of it unless told
	 * otherwise.
	 * @return the layout; {@link SnowflakeLayout#TWITTER} unless the implementation says otherwise
	 */
	default SnowflakeLayout getLayout() {
		return SnowflakeLayout.TWITTER;
	}

	/**
	 * Returns the node ids this deployment leases from: a generator that shares its leases must have
	 * room for every one of them.
	 * @return the range; all node ids of {@link #getLayout()} unless the implementation says otherwise
	 */
	default NodeIdRange getNodeIdRange() {
		return LeaseRange.NODE_ID.nodeIds(getLayout(), 0);
	}

	/**
	 * Makes sure this instance holds a lease. With {@code forced} false, a lease this instance's
	 * current session with the lease store still holds is kept; otherwise a free id is leased, the previous one
	 * first if it is free. With {@code forced} true, the current lease is given back and a free id is
	 * leased afresh.
	 * @param forced whether to give back the current lease and lease afresh
	 * @return the worker id now leased
	 * @throws WorkerIdsExhaustedException if every id of the range is held by another instance
	 */
	int updateWorkerId(boolean forced);

	/**
	 * Returns the lease this instance holds now.
	 * @return the lease, or {@code null} before the first lease and after closing
	 */
	@Nullable WorkerIdLease currentLease();

	/**
	 * Returns the wall clock that the high-water marks are written with. An issuer's ids must be
	 * stamped by the same clock: a mark promises that its holder stamps nothing later, and a
	 * successor starts after it.
	 * @return the clock of the marks
	 */
	MillisClock getClock();

	/**
	 * Makes {@code issuer} the one {@code IdService} that issues ids under this deployment's leases:
	 * two would issue the same ids.
	 * @param issuer the issuer, such as an {@link IdServiceProxy}
	 * @return the last id that issuers detached before returned, 0 if none: the new issuer continues
	 * after it
	 * @throws IllegalStateException if another issuer is attached
	 */
	long attachIssuer(Object issuer);

	/**
	 * Ends the attachment of an issuer, which issues nothing more.
	 * @param issuer the attached issuer
	 * @param lastIssuedId the last id it returned
	 */
	void detachIssuer(Object issuer, long lastIssuedId);

	/**
	 * Makes {@code issuer} the one issuer of the named generator under this deployment's leases, as
	 * {@link #attachIssuer(Object)} does for the default one. Each name is an id space of its own, so
	 * generators of different names share the leases; two issuers of one name would issue the same ids.
	 * @param name the generator's name; {@link #DEFAULT_ISSUER} is the default issuer
	 * @param issuer the issuer
	 * @return the last id that issuers of this name detached before returned, 0 if none
	 * @throws IllegalStateException if another issuer of this name is attached
	 * @throws UnsupportedOperationException if this deployment has no issuers but the default one
	 */
	default long attachIssuer(String name, Object issuer) {
		if (!DEFAULT_ISSUER.equals(name)) {
			throw new UnsupportedOperationException(getClass().getName() + " serves only the default issuer, not the"
					+ " generator '" + name + "'; named generators need a deployment built on AbstractLeaseDeployment");
		}
		return attachIssuer(issuer);
	}

	/**
	 * Ends the attachment of a named generator's issuer, as {@link #detachIssuer(Object, long)} does for
	 * the default one.
	 * @param name the generator's name
	 * @param issuer the attached issuer
	 * @param lastIssuedId the last id it returned
	 */
	default void detachIssuer(String name, Object issuer, long lastIssuedId) {
		if (DEFAULT_ISSUER.equals(name)) {
			detachIssuer(issuer, lastIssuedId);
		}
	}

	/**
	 * Adds a listener called, on the lease's own thread, after the connection to the lease store came back
	 * and the lease was confirmed or leased afresh, and after a lost lease node was replaced.
	 * @param listener called with this deployment
	 */
	void addReconnectedListener(Consumer<ClusterDeployment> listener);

	/**
	 * Adds a listener called with the lease whenever a lease is taken or changes state (fenced,
	 * confirmed, released), for health and readiness. Called on the thread that made the change;
	 * it must return quickly.
	 * @param listener called with the lease that changed
	 */
	void addLeaseListener(Consumer<WorkerIdLease> listener);

}
