package io.github.idgen.autoconfigure;

import io.github.idgen.cluster.ClusterDeployment;
import io.github.idgen.cluster.WorkerIdLease;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEventPublisher;

/**
 * Makes the application's readiness follow the lease: a fenced or lost lease publishes
 * {@link ReadinessState#REFUSING_TRAFFIC}, so a Kubernetes readiness probe drains the instance; a
 * confirmed or new lease publishes {@link ReadinessState#ACCEPTING_TRAFFIC} again.
 */
class IdgenReadinessPublisher {

	private static final Log logger = LogFactory.getLog(IdgenReadinessPublisher.class);

	private final ApplicationEventPublisher publisher;

	private boolean refusing;

	IdgenReadinessPublisher(ClusterDeployment deployment, ApplicationEventPublisher publisher) {
		this.publisher = publisher;
		deployment.addLeaseListener(this::leaseChanged);
	}

	private synchronized void leaseChanged(WorkerIdLease lease) {
		boolean issuing = lease.getState() == WorkerIdLease.State.ACTIVE && lease.isValid();
		if (!issuing && !this.refusing) {
			this.refusing = true;
			logger.warn("Readiness: refusing traffic while worker id lease " + lease.getPath() + " is "
					+ lease.getState() + " (" + lease.getReason() + ")");
			AvailabilityChangeEvent.publish(this.publisher, this, ReadinessState.REFUSING_TRAFFIC);
		}
		else if (issuing && this.refusing) {
			this.refusing = false;
			logger.info("Readiness: accepting traffic again with worker id lease " + lease.getPath());
			AvailabilityChangeEvent.publish(this.publisher, this, ReadinessState.ACCEPTING_TRAFFIC);
		}
	}

}
