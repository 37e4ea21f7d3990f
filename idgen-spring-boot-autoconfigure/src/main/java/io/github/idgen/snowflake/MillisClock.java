package io.github.idgen.snowflake;

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

}
