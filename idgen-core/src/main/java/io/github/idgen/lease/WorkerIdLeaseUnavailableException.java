package io.github.idgen.lease;

import java.time.Duration;

import io.github.idgen.snowflake.IdUnavailableException;

/**
 * Thrown instead of an id when this instance could not prove, within the wait bound, that it holds
 * its worker id lease. Issuing then could duplicate another instance's ids. Calls succeed again as
 * soon as the lease is confirmed or a new one is taken.
 */
public class WorkerIdLeaseUnavailableException extends IdUnavailableException {

	WorkerIdLeaseUnavailableException(WorkerIdLease lease, String reason, Duration waited) {
		super("No id issued: this instance cannot prove that it holds worker id lease " + lease.getPath() + " ("
				+ lease.getState() + ": " + reason + "); waited " + waited.toMillis()
				+ " ms (xxx.common.lease-wait-timeout). Ids resume as soon as the lease store confirms the lease"
				+ " or a new worker id is leased; check the connection to the lease store (ZooKeeper or the database) if this persists.", Duration.ofSeconds(1));
	}

}
