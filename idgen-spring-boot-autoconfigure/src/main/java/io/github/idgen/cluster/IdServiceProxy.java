package io.github.idgen.cluster;

import java.io.Closeable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.Supplier;

import io.github.idgen.snowflake.GeneratorStatistics;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link IdService} of cluster mode: delegates to an {@link IdServiceTwitter} for the leased
 * worker id and returns an id only if the lease was provably held when the id was made.
 * <p>
 * The check comes after the id is made and looks at the id's own timestamp: it must be after the
 * previous holder's high-water mark and not after this holder's, and the lease deadline (on the
 * monotonic clock) must not have passed. An id whose timestamp was read while the lease was valid
 * cannot collide with the next holder's. The deadline is read once per millisecond; later ids of the
 * same millisecond pass on one volatile compare (see {@link WorkerIdLease#permits(long)}). A call
 * that finds the lease unproven waits, up to the lease wait timeout, for the lease to be confirmed or
 * replaced, and then throws {@link WorkerIdLeaseUnavailableException}.
 * <p>
 * When the deployment leases another worker id, the proxy swaps in a generator for it that
 * continues after the last id of the previous one, so ids stay strictly increasing.
 */
public final class IdServiceProxy implements IdService, GeneratorStatistics, Closeable {

	private static final Logger logger = LoggerFactory.getLogger(IdServiceProxy.class);

	private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

	private final ClusterDeployment deployment;

	private final Supplier<IdServiceTwitter.Builder> generatorSettings;

	private final long leaseWaitTimeoutNanos;

	private final Object swapLock = new Object();

	private volatile Delegate delegate;

	private volatile boolean closed;

	/** Totals of generators swapped out, so that the proxy's totals never go down. */
	private final long[] retired = new long[4];

	private final AtomicLong refusals = new AtomicLong();

	private final AtomicLong leaseWaits = new AtomicLong();

	private final AtomicLong leaseWaitNanos = new AtomicLong();

	/**
	 * Leases a worker id (if the deployment has none yet) and starts issuing with it.
	 * @param deployment the started deployment to lease from
	 * @param leaseWaitTimeout how long a call waits for an unconfirmed lease before it fails
	 * @param generatorSettings a fresh builder with epoch, tolerance and clock set; the proxy sets
	 * the ids
	 * @throws WorkerIdsExhaustedException if no worker id is free
	 */
	public IdServiceProxy(ClusterDeployment deployment, Duration leaseWaitTimeout,
			Supplier<IdServiceTwitter.Builder> generatorSettings) {
		this.deployment = Objects.requireNonNull(deployment, "deployment must not be null");
		this.generatorSettings = Objects.requireNonNull(generatorSettings, "generatorSettings must not be null");
		if (leaseWaitTimeout.isNegative()) {
			throw new IllegalArgumentException("leaseWaitTimeout must not be negative, was " + leaseWaitTimeout);
		}
		this.leaseWaitTimeoutNanos = leaseWaitTimeout.toNanos();
		deployment.getWorkerId();
		WorkerIdLease lease = Objects.requireNonNull(deployment.currentLease(), "deployment holds no lease");
		this.delegate = new Delegate(newGenerator(lease).build(), lease);
		deployment.addReconnectedListener((d) -> refresh());
	}

	@Override
	public long nextId() {
		Delegate current = this.delegate;
		long id = current.generator.nextId();
		if (current.permits(id)) {
			return id;
		}
		return issueWhenLeased((d) -> {
			long next = d.generator.nextId();
			return d.permits(next) ? next : null;
		});
	}

	@Override
	public List<Long> nextIds(int num) {
		Delegate current = this.delegate;
		List<Long> ids = current.generator.nextIds(num);
		if (current.permits(ids)) {
			return ids;
		}
		return issueWhenLeased((d) -> {
			List<Long> next = d.generator.nextIds(num);
			return d.permits(next) ? next : null;
		});
	}

	/**
	 * Waits, up to the lease wait timeout, until {@code issue} yields ids the lease permits.
	 * @param issue makes ids with a delegate, or gives null when the lease does not permit them
	 */
	private <T> T issueWhenLeased(Function<Delegate, @Nullable T> issue) {
		long start = System.nanoTime();
		this.leaseWaits.incrementAndGet();
		try {
			for (;;) {
				if (this.closed) {
					throw new IllegalStateException("IdService is closed: the application is shutting down");
				}
				Delegate current = currentDelegate();
				if (current.lease.isValid()) {
					T ids = issue.apply(current);
					if (ids != null) {
						return ids;
					}
				}
				long waited = System.nanoTime() - start;
				if (waited >= this.leaseWaitTimeoutNanos) {
					this.refusals.incrementAndGet();
					throw new WorkerIdLeaseUnavailableException(current.lease, current.whyNot(),
							Duration.ofNanos(waited));
				}
				LockSupport.parkNanos(Math.min(POLL_NANOS, this.leaseWaitTimeoutNanos - waited));
			}
		}
		finally {
			this.leaseWaitNanos.addAndGet(System.nanoTime() - start);
		}
	}

	/**
	 * Confirms the lease with the deployment and swaps the generator if the worker id changed.
	 */
	private void refresh() {
		this.deployment.updateWorkerId(false);
		currentDelegate();
	}

	private Delegate currentDelegate() {
		Delegate current = this.delegate;
		WorkerIdLease latest = this.deployment.currentLease();
		if (latest == null || latest == current.lease) {
			return current;
		}
		synchronized (this.swapLock) {
			current = this.delegate;
			if (latest != current.lease) {
				// the deployment released the old lease before publishing this one, so no id the old
				// generator makes from here on passes its check: its last id is final
				IdServiceTwitter previous = current.generator;
				boolean sameNode = previous.getWorkerId() == latest.getWorkerId()
						&& previous.getDatacenterId() == latest.getDatacenterId();
				IdServiceTwitter generator = sameNode ? previous
						: newGenerator(latest).continueAfter(previous.lastIssuedId()).build();
				if (generator != previous) {
					this.retired[0] += previous.issuedIds();
					this.retired[1] += previous.sequenceExhaustedWaits();
					this.retired[2] += previous.clockBackwardsWaits();
					this.retired[3] += previous.clockBackwardsFailures();
				}
				current = new Delegate(generator, latest);
				this.delegate = current;
				logger.info("Issuing ids with worker id {} (datacenter id {}) from {}", latest.getWorkerId(),
						latest.getDatacenterId(), latest.getPath());
			}
			return current;
		}
	}

	private IdServiceTwitter.Builder newGenerator(WorkerIdLease lease) {
		return this.generatorSettings.get().workerId(lease.getWorkerId()).datacenterId(lease.getDatacenterId());
	}

	/**
	 * Returns the lease ids are issued under now.
	 * @return the lease of the current generator
	 */
	public WorkerIdLease getLease() {
		return this.delegate.lease;
	}

	/**
	 * Returns the generator ids are issued with now.
	 * @return the current generator
	 */
	public IdServiceTwitter getGenerator() {
		return this.delegate.generator;
	}

	@Override
	public long issuedIds() {
		synchronized (this.swapLock) {
			return this.retired[0] + this.delegate.generator.issuedIds();
		}
	}

	@Override
	public long sequenceExhaustedWaits() {
		synchronized (this.swapLock) {
			return this.retired[1] + this.delegate.generator.sequenceExhaustedWaits();
		}
	}

	@Override
	public long clockBackwardsWaits() {
		synchronized (this.swapLock) {
			return this.retired[2] + this.delegate.generator.clockBackwardsWaits();
		}
	}

	@Override
	public long clockBackwardsFailures() {
		synchronized (this.swapLock) {
			return this.retired[3] + this.delegate.generator.clockBackwardsFailures();
		}
	}

	/**
	 * Returns how many calls failed because the lease stayed unproven for the whole wait.
	 * @return the count since start
	 */
	public long refusedCalls() {
		return this.refusals.get();
	}

	/**
	 * Returns how many calls found the lease unproven and waited (some then got ids).
	 * @return the count since start
	 */
	public long leaseWaits() {
		return this.leaseWaits.get();
	}

	/**
	 * Returns the total time calls spent waiting for the lease.
	 * @return the total since start
	 */
	public Duration leaseWaitTime() {
		return Duration.ofNanos(this.leaseWaitNanos.get());
	}

	/**
	 * Returns whether a call made now gets an id without waiting: the proxy is open, the lease is
	 * provably held, this clock is past the previous holder's high-water mark and not past this
	 * holder's own last written one.
	 * @return whether ids are issued right now
	 */
	public boolean isIssuing() {
		return whyNotIssuing() == null;
	}

	/**
	 * Returns why a call made now would wait or fail, for health, readiness and operators.
	 * @return the reason, or {@code null} while ids are issued
	 */
	public @Nullable String whyNotIssuing() {
		if (this.closed) {
			return "closed: the application is shutting down";
		}
		Delegate current = this.delegate;
		long now = current.generator.getClock().millis();
		if (current.lease.isValid() && now > current.lease.getFloorMillis() && now <= current.lease.getMarkMillis()) {
			return null;
		}
		return current.whyNot();
	}

	/**
	 * Stops issuing: every later call fails. The deployment is closed by its owner.
	 */
	@Override
	public void close() {
		this.closed = true;
		this.delegate.lease.fence("application shutting down");
	}

	/**
	 * A generator and the lease it issues under.
	 */
	private record Delegate(IdServiceTwitter generator, WorkerIdLease lease, long epochMillis) {

		Delegate(IdServiceTwitter generator, WorkerIdLease lease) {
			this(generator, lease, generator.getLayout().epochMillis());
		}

		boolean permits(long id) {
			return this.lease.permits((id >>> SnowflakeLayout.TIMESTAMP_SHIFT) + this.epochMillis);
		}

		/** Ids increase, so the first and the last of a batch bound all of it. */
		boolean permits(List<Long> ids) {
			return permits(ids.get(0)) && permits(ids.get(ids.size() - 1));
		}

		String whyNot() {
			if (!this.lease.isValid()) {
				return this.lease.getReason();
			}
			long now = this.generator.getClock().millis();
			if (now <= this.lease.getFloorMillis()) {
				return "waiting for this host's clock to pass the previous holder's high-water mark "
						+ Instant.ofEpochMilli(this.lease.getFloorMillis()) + ", " + (this.lease.getFloorMillis() - now)
						+ " ms ahead";
			}
			return "high-water mark " + Instant.ofEpochMilli(this.lease.getMarkMillis())
					+ " reached and not renewed: writes to ZooKeeper are failing";
		}

	}

}
