package io.github.idgen.server.logging;

import java.util.concurrent.locks.ReentrantLock;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.GenericApplicationListener;
import org.springframework.core.ResolvableType;

/**
 * Puts {@link TokenMaskingTurboFilter} first among Logback's turbo filters as soon as Spring Boot has
 * set logging up (and again once the context is prepared, should anything have reset it): whatever
 * the configuration, a log file, structured logging or a logback.xml of the operator's, every event
 * passes it. Registered in {@code META-INF/spring.factories}, ordered after Spring Boot's
 * {@link LoggingApplicationListener}, which resets Logback's context and its turbo filters with it.
 */
final class TokenMaskingLogging implements GenericApplicationListener {

	private static final ReentrantLock installing = new ReentrantLock();

	@Override
	public boolean supportsEventType(ResolvableType eventType) {
		Class<?> type = eventType.getRawClass();
		return type != null && (ApplicationEnvironmentPreparedEvent.class.isAssignableFrom(type)
				|| ApplicationPreparedEvent.class.isAssignableFrom(type));
	}

	@Override
	public void onApplicationEvent(ApplicationEvent event) {
		install();
	}

	@Override
	public int getOrder() {
		return LoggingApplicationListener.DEFAULT_ORDER + 1;
	}

	/**
	 * Puts the filter first in Logback's context, once.
	 * @throws IllegalStateException if SLF4J does not log through Logback, which this server needs to
	 * keep tokens out of its logs
	 */
	static void install() {
		ILoggerFactory factory = LoggerFactory.getILoggerFactory();
		if (!(factory instanceof LoggerContext context)) {
			throw new IllegalStateException("idgen-server keeps tokens out of its logs through Logback, but SLF4J logs"
					+ " through " + factory.getClass().getName() + ": run the server's jar as it is built, with Logback");
		}
		// applications started at once in one JVM (tests) share Logback's context
		installing.lock();
		try {
			for (TurboFilter filter : context.getTurboFilterList()) {
				if (filter instanceof TokenMaskingTurboFilter) {
					return;
				}
			}
			TokenMaskingTurboFilter filter = new TokenMaskingTurboFilter();
			filter.setContext(context);
			filter.start();
			context.getTurboFilterList().add(0, filter);
		}
		finally {
			installing.unlock();
		}
	}

}
