package io.github.idgen.snowflake;

import java.util.concurrent.locks.LockSupport;

/**
 * Source of wall-clock milliseconds for a generator; replaceable so that tests can move time
 * forwards and backwards at will.
 */
@FunctionalInterface
public interface MillisClock {

	/**
	 * The system clock ({@link System#currentTimeMillis()}).
	 */
	MillisClock SYSTEM = System::currentTimeMillis;

	/**
	 * Returns the current time.
	 * @return milliseconds since 1970-01-01T00:00:00Z
	 */
	long millis();

	/**
	 * Lets about {@code millis} of this clock's milliseconds pass, or fewer: the caller reads the
	 * clock again afterwards. A generator calls it to wait for its clock instead of spinning. The
	 * default parks the thread; a clock whose time is not the system's may move itself on instead.
	 * @param millis how long to wait, at least 1
	 */
	default void pause(long millis) {
		LockSupport.parkNanos(millis * 1_000_000L);
	}

}
