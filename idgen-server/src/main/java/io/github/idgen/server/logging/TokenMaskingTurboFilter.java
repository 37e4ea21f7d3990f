package io.github.idgen.server.logging;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxy;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.jspecify.annotations.Nullable;
import org.slf4j.Marker;
import org.slf4j.helpers.FormattingTuple;
import org.slf4j.helpers.MessageFormatter;

/**
 * Masks tokens ({@link TokenMasking}) in every event before any appender sees it, whoever logs it:
 * Tomcat's parse errors quote the request line, Spring's request details print parameters and
 * headers, an exception's message may quote a header. An event of an enabled level whose message or
 * whose exceptions' messages hold what may be a token is denied, and a masked copy (message, markers,
 * key-value pairs, exceptions with their messages masked) goes to the appenders instead; every other
 * event passes untouched, and an event of a disabled level costs one level comparison.
 * <p>
 * The copy's caller data (for {@code %caller}, {@code %line}, ...) is the first frame outside the
 * logging libraries, which for a logger behind a facade of its own may be that facade.
 */
final class TokenMaskingTurboFilter extends TurboFilter {

	private static final String FQCN = Logger.class.getName();

	/** Packages of the logging libraries, whose frames are skipped for the caller, as this filter's are. */
	private static final List<String> LOGGING_PACKAGES = List.of("ch.qos.logback.", "org.slf4j.",
			"org.apache.commons.logging.", "org.springframework.core.log.", "org.apache.juli.", "java.util.logging.",
			"org.apache.logging.");

	/** Set while a masked copy goes to the appenders: what they log in turn is not masked twice. */
	private static final ThreadLocal<Boolean> appending = new ThreadLocal<>();

	@Override
	public FilterReply decide(@Nullable Marker marker, Logger logger, Level level, @Nullable String format,
			Object @Nullable [] params, @Nullable Throwable t) {
		// format is null for isXxxEnabled(): no message to mask
		if (format == null || !level.isGreaterOrEqual(logger.getEffectiveLevel()) || appending.get() != null) {
			return FilterReply.NEUTRAL;
		}
		FormattingTuple formatted = (params != null && params.length > 0) ? MessageFormatter.arrayFormat(format, params)
				: null;
		String message = (formatted != null) ? formatted.getMessage() : format;
		Throwable throwable = (t != null) ? t : (formatted != null) ? formatted.getThrowable() : null;
		return maskedCopy(logger, level, message, throwable, (marker != null) ? List.of(marker) : List.of(), null);
	}

	/** The fluent API's events ({@code logger.atDebug()...log()}). */
	@Override
	public FilterReply decide(Logger logger, org.slf4j.event.LoggingEvent event) {
		Level level = Level.convertAnSLF4JLevel(event.getLevel());
		if (event.getMessage() == null || !level.isGreaterOrEqual(logger.getEffectiveLevel())
				|| appending.get() != null) {
			return FilterReply.NEUTRAL;
		}
		Object[] params = event.getArgumentArray();
		String message = (params != null && params.length > 0)
				? MessageFormatter.arrayFormat(event.getMessage(), params).getMessage() : event.getMessage();
		List<Marker> markers = (event.getMarkers() != null) ? event.getMarkers() : List.of();
		return maskedCopy(logger, level, message, event.getThrowable(), markers, event);
	}

	private FilterReply maskedCopy(Logger logger, Level level, String message, @Nullable Throwable throwable,
			List<Marker> markers, org.slf4j.event.@Nullable LoggingEvent fluent) {
		String masked = TokenMasking.masked(message);
		boolean throwableMasked = throwable != null && holdsToken(throwable);
		if (masked == message && !throwableMasked) {
			return FilterReply.NEUTRAL;
		}
		LoggingEvent copy = new LoggingEvent(FQCN, logger, level, masked, null, null);
		markers.forEach(copy::addMarker);
		if (fluent != null && fluent.getKeyValuePairs() != null) {
			copy.setKeyValuePairs(fluent.getKeyValuePairs());
		}
		if (throwable != null) {
			copy.setThrowableProxy(throwableMasked ? new MaskedThrowableProxy(throwable) : new ThrowableProxy(throwable));
		}
		copy.setCallerData(callerData());
		appending.set(Boolean.TRUE);
		try {
			logger.callAppenders(copy);
		}
		finally {
			appending.remove();
		}
		return FilterReply.DENY;
	}

	/** Whether an exception, its causes or the exceptions they suppressed say what may be a token. */
	static boolean holdsToken(Throwable throwable) {
		Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
		ArrayDeque<Throwable> pending = new ArrayDeque<>(List.of(throwable));
		while (!pending.isEmpty()) {
			Throwable next = pending.pop();
			if (!seen.add(next)) {
				continue;
			}
			String text = next.getMessage();
			String described = next.toString();
			if ((text != null && TokenMasking.masked(text) != text) || TokenMasking.masked(described) != described) {
				return true;
			}
			if (next.getCause() != null) {
				pending.push(next.getCause());
			}
			Stream.of(next.getSuppressed()).forEach(pending::push);
		}
		return false;
	}

	private static boolean isLogging(String className) {
		return className.equals(TokenMaskingTurboFilter.class.getName())
				|| LOGGING_PACKAGES.stream().anyMatch(className::startsWith);
	}

	private static StackTraceElement[] callerData() {
		return StackWalker.getInstance()
			.walk((frames) -> frames.dropWhile((frame) -> isLogging(frame.getClassName()))
				.limit(8)
				.map(StackWalker.StackFrame::toStackTraceElement)
				.toArray(StackTraceElement[]::new));
	}

}
