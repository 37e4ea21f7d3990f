package io.github.idgen.lease;

import java.io.Closeable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
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

	private final ClusterDeployment deployment;

	private final Supplier<IdServiceTwitter.Builder> generatorSettings;

	private final long leaseWaitTimeoutNanos;

	/** Guards swaps; waiting callers wait on {@link #leaseChanged} for the next lease event. */
	private final ReentrantLock swapLock = new ReentrantLock();

	private final Condition leaseChanged = this.swapLock.newCondition();

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
	 * @param generatorSettings a fresh builder with epoch and tolerance set; the proxy sets the ids
	 * and the clock, which is the deployment's (see {@link ClusterDeployment#getClock()})
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
		long continueAfter = deployment.attachIssuer(this);
		IdServiceTwitter.Builder generator = newGenerator(lease);
		this.delegate = new Delegate((continueAfter > 0) ? generator.continueAfter(continueAfter).build()
				: generator.build(), lease);
		// leases are pushed: a newer one is swapped in, and every change wakes waiting callers
		deployment.addLeaseListener(this::onLeaseChanged);
		deployment.addReconnectedListener((d) -> d.updateWorkerId(false));
		onLeaseChanged(Objects.requireNonNull(deployment.currentLease()));
	}

	@Override
	public long nextId() {
		Delegate current = this.delegate;
		long id = current.generator.nextId();
		if (current.permits(id) && !this.closed) {
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
		if (current.permits(ids) && !this.closed) {
			return ids;
		}
		return issueWhenLeased((d) -> {
			List<Long> next = d.generator.nextIds(num);
			return d.permits(next) ? next : null;
		});
	}

	/**
	 * Waits, up to the lease wait timeout, until {@code issue} yields ids the lease permits. Woken by
	 * every lease event; a wait for the previous holder's mark ends at a known instant and is timed.
	 * @param issue makes ids with a delegate, or gives null when the lease does not permit them
	 */
	private <T> T issueWhenLeased(Function<Delegate, @Nullable T> issue) {
		long start = System.nanoTime();
		this.leaseWaits.incrementAndGet();
		this.swapLock.lock();
		try {
			for (;;) {
				if (this.closed) {
					throw new IllegalStateException("IdService is closed: the application is shutting down");
				}
				Delegate current = this.delegate;
				if (current.lease.isValid()) {
					T ids = issue.apply(current);
					if (ids != null && !this.closed) {
						return ids;
					}
				}
				long left = this.leaseWaitTimeoutNanos - (System.nanoTime() - start);
				if (left <= 0) {
					this.refusals.incrementAndGet();
					throw new WorkerIdLeaseUnavailableException(current.lease, current.whyNot(),
							Duration.ofNanos(System.nanoTime() - start));
				}
				long untilFloor = current.lease.getFloorMillis() - current.generator.getClock().millis();
				this.leaseChanged.awaitNanos((untilFloor >= 0) ? Math.min(left, TimeUnit.MILLISECONDS.toNanos(untilFloor + 1))
						: left);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new WorkerIdLeaseUnavailableException(this.delegate.lease, "interrupted while waiting",
					Duration.ofNanos(System.nanoTime() - start));
		}
		finally {
			this.swapLock.unlock();
			this.leaseWaitNanos.addAndGet(System.nanoTime() - start);
		}
	}

	/**
	 * Swaps in a newer lease (never an older one seen late: leases are numbered), with the generator
	 * of the previous lease if the node is the same, else one that continues after its last id: one
	 * generator per lease. Wakes waiting callers on every event.
	 */
	private void onLeaseChanged(WorkerIdLease latest) {
		this.swapLock.lock();
		try {
			Delegate current = this.delegate;
			if (latest.getNumber() > current.lease.getNumber()) {
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
				this.delegate = new Delegate(generator, latest);
				logger.info("Issuing ids with worker id {} (datacenter id {}) from {}", latest.getWorkerId(),
						latest.getDatacenterId(), latest.getPath());
			}
			this.leaseChanged.signalAll();
		}
		finally {
			this.swapLock.unlock();
		}
	}

	private IdServiceTwitter.Builder newGenerator(WorkerIdLease lease) {
		// ids stamped by another clock than the marks' would make the marks promise nothing
		return this.generatorSettings.get()
			.clock(this.deployment.getClock())
			.workerId(lease.getWorkerId())
			.datacenterId(lease.getDatacenterId());
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
		this.swapLock.lock();
		try {
			return this.retired[0] + this.delegate.generator.issuedIds();
		}
		finally {
			this.swapLock.unlock();
		}
	}

	@Override
	public long sequenceExhaustedWaits() {
		this.swapLock.lock();
		try {
			return this.retired[1] + this.delegate.generator.sequenceExhaustedWaits();
		}
		finally {
			this.swapLock.unlock();
		}
	}

	@Override
	public long clockBackwardsWaits() {
		this.swapLock.lock();
		try {
			return this.retired[2] + this.delegate.generator.clockBackwardsWaits();
		}
		finally {
			this.swapLock.unlock();
		}
	}

	@Override
	public long clockBackwardsFailures() {
		this.swapLock.lock();
		try {
			return this.retired[3] + this.delegate.generator.clockBackwardsFailures();
		}
		finally {
			this.swapLock.unlock();
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
	 * Stops issuing: every later call fails, whatever becomes of the lease. The deployment is closed
	 * by its owner; a proxy created on it afterwards continues after this one's last id.
	 */
	@Override
	public void close() {
		this.swapLock.lock();
		try {
			if (this.closed) {
				return;
			}
			this.closed = true;
			this.leaseChanged.signalAll();
		}
		finally {
			this.swapLock.unlock();
		}
		// a call that passed its check before the flag was set may still return its id: count it in
		this.deployment.detachIssuer(this, this.delegate.generator.lastIssuedId());
	}

	/**
	 * A generator and the lease it issues under.
	 */
	private record Delegate(IdServiceTwitter generator, WorkerIdLease lease, SnowflakeLayout layout) {

		Delegate(IdServiceTwitter generator, WorkerIdLease lease) {
			this(generator, lease, generator.getLayout());
		}

		boolean permits(long id) {
			return this.lease.permits(this.layout.timestampMillis(id));
		}

		/** Ids increase, so the first and the last of a batch bound all of it. */
		boolean permits(List<Long> ids) {
			return permits(ids.get(0)) && permits(ids.get(ids.size() - 1));
		}

		String whyNot() {
			if (!this.lease.isValid()) {
				// an active lease past its deadline saw no event: a pause, or renewals that did not get through
				return (this.lease.getState() == WorkerIdLease.State.ACTIVE)
						? "lease not proven since its deadline passed (paused, or renewals not getting through)"
						: this.lease.getReason();
			}
			long now = this.generator.getClock().millis();
			if (now <= this.lease.getFloorMillis()) {
				return "waiting for this host's clock to pass the previous holder's high-water mark "
						+ Instant.ofEpochMilli(this.lease.getFloorMillis()) + ", " + (this.lease.getFloorMillis() - now)
						+ " ms ahead";
			}
			return "high-water mark " + Instant.ofEpochMilli(this.lease.getMarkMillis())
					+ " reached and not renewed: writes to the lease store are failing";
		}

	}

}
