package io.github.idgen.server;

import java.util.List;

import org.springframework.core.convert.ConversionException;
import org.springframework.core.env.Environment;

/**
 * How the server runs: the demo, on embedded defaults, or as a service on the backends configured.
 */
public enum ServerMode {

	/**
	 * Nothing configured: a fixed worker id, segment ids from an in-memory H2 database, no tokens,
	 * loopback only. One instance, for trying the API.
	 */
	DEMO,

	/** A backend or a worker id configured: tokens required, any address. */
	SERVICE;

	/**
	 * Keys that, set, make the server a service: a shared database, a lease, a shared segment store, an
	 * assigned worker id. A switch counts when true, a {@code key=value} entry when it has that value.
	 */
	static final List<String> SERVICE_KEYS = List.of("spring.datasource.url", "xxx.common.zookeeper-enabled",
			"xxx.common.jdbc-enabled", "xxx.common.redis-enabled", "xxx.common.segment-store=redis",
			"xxx.common.id-worker-id");

	/**
	 * Returns the mode an environment asks for.
	 * @param environment the application's environment
	 * @return {@link #SERVICE} if any of the service keys is set (the switches to true), else {@link #DEMO}
	 */
	public static ServerMode of(Environment environment) {
		return serviceKeysSet(environment).isEmpty() ? DEMO : SERVICE;
	}

	static List<String> serviceKeysSet(Environment environment) {
		return SERVICE_KEYS.stream().filter((key) -> isSet(environment, key)).toList();
	}

	private static boolean isSet(Environment environment, String entry) {
		int equals = entry.indexOf('=');
		String key = (equals < 0) ? entry : entry.substring(0, equals);
		String value = environment.getProperty(key);
		if (value == null || value.isBlank()) {
			return false;
		}
		if (equals >= 0) {
			return value.trim().equalsIgnoreCase(entry.substring(equals + 1));
		}
		return !key.endsWith("-enabled") || isOn(environment, key);
	}

	// as the starter binds the switch: yes, on and 1 lease too. A value that is no boolean counts as on,
	// the safer mode, where the start then stops naming it
	private static boolean isOn(Environment environment, String key) {
		try {
			return Boolean.TRUE.equals(environment.getProperty(key, Boolean.class));
		}
		catch (ConversionException ex) {
			return true;
		}
	}

}
