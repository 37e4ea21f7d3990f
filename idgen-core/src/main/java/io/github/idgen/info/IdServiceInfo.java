package io.github.idgen.info;

import io.github.idgen.snowflake.GeneratorStatistics;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * What the {@link io.github.idgen.snowflake.IdService} of one mode (fixed worker id, ZooKeeper lease,
 * a later JDBC lease) tells health, readiness, metrics and the Actuator endpoint. Each mode
 * contributes one next to its {@code IdService}, so that those consumers show every mode the same
 * way without knowing the modes' classes. Every method reads the current state: call it again for a
 * fresh answer.
 */
public interface IdServiceInfo {

	/**
	 * Returns the name of the mode, shown in health details and as the {@code mode} tag of meters.
	 * @return for example {@code fixed} or {@code cluster}
	 */
	String mode();

	/**
	 * Returns the worker id ids are issued with now.
	 * @return 0..{@link SnowflakeLayout#maxWorkerId()} of {@link #layout()}
	 */
	int workerId();

	/**
	 * Returns the datacenter id ids are issued with now.
	 * @return 0..{@link SnowflakeLayout#maxDatacenterId()} of {@link #layout()}
	 */
	int datacenterId();

	/**
	 * Returns the layout of the ids, with their epoch: what takes them apart.
	 * @return the layout in force; {@link SnowflakeLayout#TWITTER} unless the mode says otherwise
	 */
	default SnowflakeLayout layout() {
		return SnowflakeLayout.TWITTER;
	}

	/**
	 * Returns why a call made now would wait or fail instead of getting an id at once.
	 * @return the reason, or {@code null} while ids are issued
	 */
	@Nullable String whyNotIssuing();

	/**
	 * Returns whether a call made now gets an id without waiting.
	 * @return true while {@link #whyNotIssuing()} is {@code null}
	 */
	default boolean isIssuing() {
		return whyNotIssuing() == null;
	}

	/**
	 * Returns the running totals of the generator, across every generator the mode has used.
	 * @return the totals
	 */
	GeneratorStatistics counters();

	/**
	 * Returns the worker-id lease as it is now.
	 * @return a snapshot of the lease, or {@code null} in a mode without a lease
	 */
	@Nullable LeaseInfo lease();

	/**
	 * Adds a listener called when the mode's state changes by an event, such as a lease fenced,
	 * confirmed or replaced. Changes that only the clock decides (the wait for a previous holder's
	 * high-water mark ending, this holder's own mark passed) come with no call: read
	 * {@link #whyNotIssuing()} again for those. Called on the thread that made the change; it must
	 * return quickly.
	 * @param listener called after each change
	 */
	void addChangeListener(Runnable listener);

}
