package io.github.idgen.autoconfigure.readiness;

import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.github.idgen.info.IdServiceInfo;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;

/**
 * Makes the application's readiness follow what the id service can do: while a call made now would
 * wait or fail, {@link ReadinessState#REFUSING_TRAFFIC} is published, so a Kubernetes readiness probe
 * drains the instance; once ids are issued again, {@link ReadinessState#ACCEPTING_TRAFFIC}.
 * <p>
 * When it looks: at once on every change event of the mode (a lease fenced, confirmed or replaced),
 * and every {@value #PERIOD_MILLIS} ms. The schedule is needed because two ways of not issuing come
 * with no event: a new holder waiting for its clock to pass the previous holder's high-water mark (the
 * lease is valid from the start; only the clock ends the wait), and a holder whose mark writes fail
 * (the lease stays valid; ids stop when the clock passes the last written mark). Both are decided by
 * the clock alone. Computing the instant of the next change instead would have to know each mode's
 * rules, and a mark write succeeding moves that instant anyway; a look costs a few volatile reads, and
 * half a second is well inside a readiness probe's period. A mode without a lease always issues, so
 * nothing is scheduled for it.
 * <p>
 * Whose readiness it is: the publisher refuses only traffic the application accepts, and accepts
 * again only while the last readiness change was its own. So it never overrides the application's
 * own decisions, such as Spring Boot refusing traffic at shutdown, and before the application is
 * ready it publishes nothing: when Spring Boot then accepts traffic, the next look refuses it again if
 * ids are not issued.
 */
final class IdgenReadinessPublisher implements SmartLifecycle {

	static final long PERIOD_MILLIS = 500;

	private static final Log logger = LogFactory.getLog(IdgenReadinessPublisher.class);

	private final IdServiceInfo info;

	private final ApplicationAvailability availability;

	private final ApplicationEventPublisher publisher;

	private @Nullable ScheduledExecutorService executor;

	IdgenReadinessPublisher(IdServiceInfo info, ApplicationAvailability availability,
			ApplicationEventPublisher publisher) {
		this.info = info;
		this.availability = availability;
		this.publisher = publisher;
	}

	@Override
	public synchronized void start() {
		if (this.executor != null || this.info.lease() == null) {
			return;
		}
		ScheduledExecutorService started = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "idgen-readiness");
			thread.setDaemon(true);
			return thread;
		});
		this.executor = started;
		// listeners cannot be removed: after stop() the executor rejects what they hand over
		this.info.addChangeListener(() -> lookSoon(started));
		started.scheduleWithFixedDelay(this::look, 0, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
	}

	/** Hands a look to the publisher's thread: change listeners must return quickly. */
	private void lookSoon(ScheduledExecutorService executor) {
		try {
			executor.execute(this::look);
		}
		catch (RejectedExecutionException ex) {
			// stopped: readiness is the application's again
		}
	}

	private void look() {
		try {
			String whyNot = this.info.whyNotIssuing();
			ReadinessState readiness = this.availability.getReadinessState();
			if (whyNot != null && readiness == ReadinessState.ACCEPTING_TRAFFIC) {
				logger.warn("Readiness: refusing traffic while no id can be issued: " + whyNot);
				AvailabilityChangeEvent.publish(this.publisher, this, ReadinessState.REFUSING_TRAFFIC);
			}
			else if (whyNot == null && readiness == ReadinessState.REFUSING_TRAFFIC && lastChangeWasOurs()) {
				logger.info("Readiness: accepting traffic again, ids are issued");
				AvailabilityChangeEvent.publish(this.publisher, this, ReadinessState.ACCEPTING_TRAFFIC);
			}
		}
		catch (RuntimeException ex) {
			// a scheduled task that throws is never run again: log and look again next time
			logger.warn("Readiness: could not evaluate whether ids are issued", ex);
		}
	}

	private boolean lastChangeWasOurs() {
		AvailabilityChangeEvent<ReadinessState> last = this.availability.getLastChangeEvent(ReadinessState.class);
		return last != null && last.getSource() == this;
	}

	@Override
	public synchronized void stop() {
		ScheduledExecutorService started = this.executor;
		if (started != null) {
			this.executor = null;
			started.shutdownNow();
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

}
