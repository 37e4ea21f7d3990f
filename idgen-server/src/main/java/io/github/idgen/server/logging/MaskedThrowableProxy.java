package io.github.idgen.server.logging;

import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.StackTraceElementProxy;
import ch.qos.logback.classic.spi.ThrowableProxy;
import org.jspecify.annotations.Nullable;

/**
 * An exception as Logback's appenders see it, its message, its causes' and their suppressed
 * exceptions' masked ({@link TokenMasking}); class names and stack traces as they are.
 */
final class MaskedThrowableProxy extends ThrowableProxy {

	MaskedThrowableProxy(Throwable throwable) {
		super(throwable);
	}

	@Override
	public @Nullable String getMessage() {
		return masked(super.getMessage());
	}

	@Override
	public @Nullable String getOverridingMessage() {
		return masked(super.getOverridingMessage());
	}

	@Override
	public @Nullable IThrowableProxy getCause() {
		return Masked.of(super.getCause());
	}

	@Override
	public IThrowableProxy[] getSuppressed() {
		return Masked.all(super.getSuppressed());
	}

	static @Nullable String masked(@Nullable String text) {
		return (text != null) ? TokenMasking.masked(text) : null;
	}

	/** A cause or a suppressed exception of a masked one, masked in turn. */
	private record Masked(IThrowableProxy proxy) implements IThrowableProxy {

		static @Nullable IThrowableProxy of(@Nullable IThrowableProxy proxy) {
			return (proxy != null) ? new Masked(proxy) : null;
		}

		static IThrowableProxy[] all(IThrowableProxy[] proxies) {
			IThrowableProxy[] masked = new IThrowableProxy[proxies.length];
			for (int i = 0; i < proxies.length; i++) {
				masked[i] = new Masked(proxies[i]);
			}
			return masked;
		}

		@Override
		public @Nullable String getMessage() {
			return masked(this.proxy.getMessage());
		}

		@Override
		public @Nullable String getOverridingMessage() {
			return masked(this.proxy.getOverridingMessage());
		}

		@Override
		public String getClassName() {
			return this.proxy.getClassName();
		}

		@Override
		public StackTraceElementProxy[] getStackTraceElementProxyArray() {
			return this.proxy.getStackTraceElementProxyArray();
		}

		@Override
		public int getCommonFrames() {
			return this.proxy.getCommonFrames();
		}

		@Override
		public @Nullable IThrowableProxy getCause() {
			return of(this.proxy.getCause());
		}

		@Override
		public IThrowableProxy[] getSuppressed() {
			return all(this.proxy.getSuppressed());
		}

		@Override
		public boolean isCyclic() {
			return this.proxy.isCyclic();
		}

	}

}
