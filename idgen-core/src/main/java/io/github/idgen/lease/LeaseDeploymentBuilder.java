package io.github.idgen.lease;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;

import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * The settings every backend's deployment builder shares: which ids to lease, as whom, on which
 * clocks, and how the high-water marks are kept.
 *
 * @param <B> the backend's builder, returned by every setter
 */
public abstract class LeaseDeploymentBuilder<B extends LeaseDeploymentBuilder<B>> {

	/** How often the high-water mark is written unless another interval is set. */
	public static final Duration DEFAULT_MARK_INTERVAL = Duration.ofSeconds(1);

	/** How long a new holder may wait for the previous holder's mark unless another bound is set. */
	public static final Duration DEFAULT_MARK_MAX_WAIT = Duration.ofSeconds(10);

	/** Clock lag behind a live holder's mark that is logged at start-up unless another is set. */
	public static final Duration DEFAULT_CLOCK_SKEW_WARNING = Duration.ofSeconds(1);

	private SnowflakeLayout layout = SnowflakeLayout.TWITTER;

	private LeaseRange range = LeaseRange.WORKER_ID;

	private int datacenterId;

	private LeaseHolder holder = LeaseHolder.ofThisProcess();

	private LongSupplier nanoClock = System::nanoTime;

	private MillisClock clock = MillisClock.SYSTEM;

	private Duration markInterval = DEFAULT_MARK_INTERVAL;

	private Duration markMaxWait = DEFAULT_MARK_MAX_WAIT;

	private Duration clockSkewWarning = DEFAULT_CLOCK_SKEW_WARNING;

	/**
	 * Sets the layout of the ids issued under the leases: its datacenter and worker bits decide the node
	 * ids there are to lease (see {@link LeaseRange}), its time unit how marks are kept and waited for.
	 * Every instance that leases from the same place must use the same layout.
	 * @param layout the layout; {@link SnowflakeLayout#TWITTER} unless set
	 * @return this builder
	 */
	public B layout(SnowflakeLayout layout) {
		this.layout = Objects.requireNonNull(layout, "layout must not be null");
		return self();
	}

	/**
	 * Sets the range of ids to lease from.
	 * @param range the range
	 * @param datacenterId the datacenter id, 0..{@link SnowflakeLayout#maxDatacenterId()} of the layout
	 * (checked when the deployment is built); only used with {@link LeaseRange#WORKER_ID}
	 * @return this builder
	 */
	public B leaseRange(LeaseRange range, int datacenterId) {
		if (datacenterId < 0) {
			throw new IllegalArgumentException("datacenterId must not be negative, was " + datacenterId);
		}
		this.range = Objects.requireNonNull(range, "range must not be null");
		this.datacenterId = datacenterId;
		return self();
	}

	/**
	 * Sets who holds the leases, as written into the lease store.
	 * @param holder who holds the lease
	 * @return this builder
	 */
	public B holder(LeaseHolder holder) {
		this.holder = Objects.requireNonNull(holder, "holder must not be null");
		return self();
	}

	/**
	 * Names this instance, so that it gets back the id it held last time if that id is free (sticky
	 * worker ids); for example a StatefulSet pod name or {@code host:port}.
	 * @param instanceName a stable name, or {@code null} for none
	 * @return this builder
	 */
	public B instanceName(@Nullable String instanceName) {
		this.holder = LeaseHolder.ofThisProcess(instanceName);
		return self();
	}

	/**
	 * Sets the wall clock the high-water marks are written and compared with. An
	 * {@link IdServiceProxy} on the deployment stamps its ids with the same clock.
	 * @param clock milliseconds since 1970
	 * @return this builder
	 */
	public B clock(MillisClock clock) {
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		return self();
	}

	/**
	 * Sets the monotonic clock of the lease deadline and of the takeover rule, for tests.
	 * @param nanoClock nanoseconds, like {@link System#nanoTime()}
	 * @return this builder
	 */
	public B nanoClock(LongSupplier nanoClock) {
		this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock must not be null");
		return self();
	}

	/**
	 * Sets how often the high-water mark is written; each write promises ids up to twice the
	 * interval ahead of the clock.
	 * @param markInterval the interval
	 * @return this builder
	 */
	public B markInterval(Duration markInterval) {
		this.markInterval = requirePositive("markInterval", markInterval);
		return self();
	}

	/**
	 * Sets how long a new holder may wait for its clock to pass the previous holder's mark; an id
	 * with a mark further ahead is given back and another one leased.
	 * @param markMaxWait the bound
	 * @return this builder
	 */
	public B markMaxWait(Duration markMaxWait) {
		this.markMaxWait = requirePositive("markMaxWait", markMaxWait);
		return self();
	}

	/**
	 * Sets how far behind a live holder's clock this clock may be at start-up before a warning is
	 * logged.
	 * @param clockSkewWarning the threshold
	 * @return this builder
	 */
	public B clockSkewWarning(Duration clockSkewWarning) {
		this.clockSkewWarning = requirePositive("clockSkewWarning", clockSkewWarning);
		return self();
	}

	/**
	 * Checks that a duration is positive.
	 * @param name the setting's name, for the message
	 * @param value the value
	 * @return the value
	 * @throws IllegalArgumentException naming the setting if it is not positive
	 */
	protected static Duration requirePositive(String name, @Nullable Duration value) {
		if (value == null || value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException(name + " must be positive, was " + value);
		}
		return value;
	}

	/**
	 * Returns the range set; the backend lays out its leases for it.
	 * @return the range
	 */
	protected final LeaseRange range() {
		return this.range;
	}

	/**
	 * Returns the mark interval set; the backend may time its requests by it.
	 * @return the interval
	 */
	protected final Duration markInterval() {
		return this.markInterval;
	}

	/**
	 * Returns the mark bound set.
	 * @return the bound
	 */
	protected final Duration markMaxWait() {
		return this.markMaxWait;
	}

	/**
	 * Returns the monotonic clock set; the backend may measure with it.
	 * @return the clock
	 */
	protected final LongSupplier nanoClock() {
		return this.nanoClock;
	}

	/**
	 * Returns what a new deployment's keeper is told, with a token of the deployment's own.
	 * @return settings for one deployment
	 */
	protected final LeaseSettings newSettings() {
		LeaseSettings settings = new LeaseSettings(this.layout, this.range, this.datacenterId, this.holder.withNewToken(),
				this.nanoClock, this.clock, this.markInterval, this.markMaxWait, this.clockSkewWarning);
		settings.nodeIds(); // fails now on a range the layout cannot hold, not at the first lease
		return settings;
	}

	/**
	 * Returns this builder as the backend's type, for the setters of subclasses.
	 * @return this builder
	 */
	@SuppressWarnings("unchecked")
	protected final B self() {
		return (B) this;
	}

}
