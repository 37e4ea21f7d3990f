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
import java.util.function.ToLongFunction;

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
 * cannot collide with the next holder's. The deadline is read once per time unit; later ids of the
 * same unit pass on one volatile compare (a permit of its own, see {@link WorkerIdLease#permits(long)}). A call
 * that finds the lease unproven waits, up to the lease wait timeout, for the lease to be confirmed or
 * replaced, and then throws {@link WorkerIdLeaseUnavailableException}.
 * <p>
 * When the deployment leases another worker id, the proxy swaps in a generator for it that
 * continues after the last id of the previous one, so ids stay strictly increasing.
 * <p>
 * <b>Layouts and named generators.</b> The generator issues ids of the deployment's layout unless the
 * proxy is made for a named generator with a layout of its own ({@link #IdServiceProxy(ClusterDeployment,
 * String, SnowflakeLayout, Duration, Supplier)}). Either way the node id of the lease goes into the
 * id, split into datacenter id and worker id by the generator's layout, and ids are checked in that
 * layout's time unit: a previous holder's mark promises its whole unit, so a successor issues once its
 * clock is past that unit. Several proxies of different names share one deployment's leases, each with
 * its own time and sequence state, each fenced by the same lease.
 */
public final class IdServiceProxy implements IdService, GeneratorStatistics, Closeable {

	private static final Logger logger = LoggerFactory.getLogger(IdServiceProxy.class);

	private final ClusterDeployment deployment;

	private final String name;

	private final SnowflakeLayout layout;

	private final Supplier<IdServiceTwitter.Builder> generatorSettings;

	private final long leaseWaitTimeoutNanos;

	/** The clock waits for the lease are timed on and waited with: the system's but in model checks. */
	private final LeaseWaitClock waitClock;

	/** Guards swaps; waiting callers wait on {@link #leaseChanged} for the next lease event. */
	private final ReentrantLock swapLock = new ReentrantLock();

	private final Condition leaseChanged = this.swapLock.newCondition();

	private volatile LeasedGenerator delegate;

	private volatile boolean closed;

	/** Totals of generators swapped out, so that the proxy's totals never go down. */
	private final long[] retired = new long[4];

	private final AtomicLong refusals = new AtomicLong();

	private final AtomicLong leaseWaits = new AtomicLong();

	private final AtomicLong leaseWaitNanos = new AtomicLong();

	/**
	 * Leases a worker id (if the deployment has none yet) and starts issuing ids of the deployment's
	 * layout with it: the deployment's default issuer.
	 * @param deployment the started deployment to lease from
	 * @param leaseWaitTimeout how long a call waits for an unconfirmed lease before it fails
	 * @param generatorSettings a fresh builder with epoch, tolerance and sequence start set; the proxy
	 * sets the layout (the deployment's, with the builder's epoch if it set one), the ids and the clock,
	 * which is the deployment's (see {@link ClusterDeployment#getClock()})
	 * @throws WorkerIdsExhaustedException if no worker id is free
	 */
	public IdServiceProxy(ClusterDeployment deployment, Duration leaseWaitTimeout,
			Supplier<IdServiceTwitter.Builder> generatorSettings) {
		this(deployment, ClusterDeployment.DEFAULT_ISSUER, deployment.getLayout(), leaseWaitTimeout, generatorSettings);
	}

	/**
	 * Leases a worker id (if the deployment has none yet) and starts issuing ids of a layout of its own
	 * with it: a named generator, an id space of its own that shares the deployment's leases.
	 * @param deployment the started deployment to lease from
	 * @param name the generator's name; one proxy per name and deployment
	 * @param layout the layout of the ids; its node bits must hold every node id the deployment leases
	 * @param leaseWaitTimeout how long a call waits for an unconfirmed lease before it fails
	 * @param generatorSettings a fresh builder with tolerance and sequence start set; the proxy sets the
	 * layout, the ids and the clock
	 * @throws IllegalArgumentException if the layout has no room for the deployment's node ids
	 * @throws IllegalStateException if another proxy of that name issues under the deployment's leases
	 * @throws WorkerIdsExhaustedException if no worker id is free
	 */
	public IdServiceProxy(ClusterDeployment deployment, String name, SnowflakeLayout layout, Duration leaseWaitTimeout,
			Supplier<IdServiceTwitter.Builder> generatorSettings) {
		this(deployment, name, layout, leaseWaitTimeout, generatorSettings, LeaseWaitClock.SYSTEM);
	}

	/**
	 * With the clock the waits for the lease are timed on and waited with, for a model check that
	 * controls time (under Lincheck's model checker {@code System.nanoTime()} stands still and a timed
	 * wait never times out).
	 */
	IdServiceProxy(ClusterDeployment deployment, String name, SnowflakeLayout layout, Duration leaseWaitTimeout,
			Supplier<IdServiceTwitter.Builder> generatorSettings, LeaseWaitClock waitClock) {
		this.waitClock = Objects.requireNonNull(waitClock, "waitClock must not be null");
		this.deployment = Objects.requireNonNull(deployment, "deployment must not be null");
		this.name = Objects.requireNonNull(name, "name must not be null");
		this.layout = Objects.requireNonNull(layout, "layout must not be null");
		this.generatorSettings = Objects.requireNonNull(generatorSettings, "generatorSettings must not be null");
		if (leaseWaitTimeout.isNegative()) {
			throw new IllegalArgumentException("leaseWaitTimeout must not be negative, was " + leaseWaitTimeout);
		}
		NodeIdRange leased = deployment.getNodeIdRange();
		if (leased.last() > layout.maxNodeId()) {
			throw new IllegalArgumentException("The layout of generator '" + name + "' has node ids 0.."
					+ layout.maxNodeId() + " (" + layout + "), but the deployment leases node ids " + leased
					+ ": give the layout more datacenter or worker bits");
		}
		this.leaseWaitTimeoutNanos = leaseWaitTimeout.toNanos();
		deployment.getWorkerId();
		WorkerIdLease lease = Objects.requireNonNull(deployment.currentLease(), "deployment holds no lease");
		long continueAfter = deployment.attachIssuer(name, this);
		IdServiceTwitter.Builder generator = newGenerator(lease);
		try {
			this.delegate = new LeasedGenerator((continueAfter > 0) ? generator.continueAfter(continueAfter).build()
					: generator.build(), lease);
		}
		catch (RuntimeException ex) {
			// a generator the builder refuses (its sequence start, its epoch) leaves the name free again
			deployment.detachIssuer(name, this, continueAfter);
			throw ex;
		}
		// leases are pushed: a newer one is swapped in, and every change wakes waiting callers
		deployment.addLeaseListener(this::onLeaseChanged);
		deployment.addReconnectedListener((d) -> d.updateWorkerId(false));
		onLeaseChanged(Objects.requireNonNull(deployment.currentLease()));
	}

	@Override
	public long nextId() {
		LeasedGenerator current = this.delegate;
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
		LeasedGenerator current = this.delegate;
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
	 * every lease event; a wait for the previous holder's mark ends at a known instant (the start of the
	 * unit after the mark's) and is timed.
	 * @param issue makes ids with a delegate, or gives null when the lease does not permit them
	 */
	private <T> T issueWhenLeased(Function<LeasedGenerator, @Nullable T> issue) {
		long start = this.waitClock.nanoTime();
		this.leaseWaits.incrementAndGet();
		this.swapLock.lock();
		try {
			for (;;) {
				if (this.closed) {
					throw new IllegalStateException("IdService is closed: the application is shutting down");
				}
				LeasedGenerator current = this.delegate;
				if (current.lease.isValid()) {
					T ids = issue.apply(current);
					if (ids != null && !this.closed) {
						return ids;
					}
				}
				long left = this.leaseWaitTimeoutNanos - (this.waitClock.nanoTime() - start);
				if (left <= 0) {
					this.refusals.incrementAndGet();
					throw new WorkerIdLeaseUnavailableException(current.lease, current.whyNot(),
							Duration.ofNanos(this.waitClock.nanoTime() - start));
				}
				long untilIssuable = current.issuableFromMillis() - current.generator.getClock().millis();
				this.waitClock.await(this.swapLock, this.leaseChanged, (untilIssuable > 0)
						? Math.min(left, TimeUnit.MILLISECONDS.toNanos(untilIssuable)) : left);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new WorkerIdLeaseUnavailableException(this.delegate.lease, "interrupted while waiting",
					Duration.ofNanos(this.waitClock.nanoTime() - start));
		}
		finally {
			this.swapLock.unlock();
			this.leaseWaitNanos.addAndGet(this.waitClock.nanoTime() - start);
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
			LeasedGenerator current = this.delegate;
			if (latest.getNumber() > current.lease.getNumber()) {
				// the deployment released the old lease before publishing this one, so no id the old
				// generator makes from here on passes its check: its last id is final
				IdServiceTwitter previous = current.generator;
				boolean sameNode = current.lease.getNodeId() == latest.getNodeId();
				IdServiceTwitter generator = sameNode ? previous
						: newGenerator(latest).continueAfter(previous.lastIssuedId()).build();
				if (generator != previous) {
					this.retired[0] += previous.issuedIds();
					this.retired[1] += previous.sequenceExhaustedWaits();
					this.retired[2] += previous.clockBackwardsWaits();
					this.retired[3] += previous.clockBackwardsFailures();
				}
				this.delegate = new LeasedGenerator(generator, latest);
				logger.info("Issuing ids{} with worker id {} (datacenter id {}) from {}", describeName(),
						generator.getWorkerId(), generator.getDatacenterId(), latest.getPath());
			}
			this.leaseChanged.signalAll();
		}
		finally {
			this.swapLock.unlock();
		}
	}

	private IdServiceTwitter.Builder newGenerator(WorkerIdLease lease) {
		// ids stamped by another clock than the marks' would make the marks promise nothing; the node id
		// is the lease's, split by this generator's layout
		return this.generatorSettings.get()
			.layout(this.layout)
			.clock(this.deployment.getClock())
			.workerId(this.layout.workerIdOf(lease.getNodeId()))
			.datacenterId(this.layout.datacenterIdOf(lease.getNodeId()));
	}

	private String describeName() {
		return ClusterDeployment.DEFAULT_ISSUER.equals(this.name) ? "" : " of generator '" + this.name + "'";
	}

	/**
	 * Returns the name of the generator.
	 * @return {@link ClusterDeployment#DEFAULT_ISSUER} for the deployment's default issuer
	 */
	public String getName() {
		return this.name;
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
		return totalOf(0, IdServiceTwitter::issuedIds);
	}

	@Override
	public long sequenceExhaustedWaits() {
		return totalOf(1, IdServiceTwitter::sequenceExhaustedWaits);
	}

	@Override
	public long clockBackwardsWaits() {
		return totalOf(2, IdServiceTwitter::clockBackwardsWaits);
	}

	@Override
	public long clockBackwardsFailures() {
		return totalOf(3, IdServiceTwitter::clockBackwardsFailures);
	}

	/** A total of the generators swapped out and the current one, read under the swap lock. */
	private long totalOf(int retiredIndex, ToLongFunction<IdServiceTwitter> ofCurrent) {
		this.swapLock.lock();
		try {
			return this.retired[retiredIndex] + ofCurrent.applyAsLong(this.delegate.generator);
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
		return this.delegate.whyNotNow();
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
		this.deployment.detachIssuer(this.name, this, this.delegate.generator.lastIssuedId());
	}

}
