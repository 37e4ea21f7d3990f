package io.github.idgen.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Captures {@code System.out} and {@code System.err} for each test while still passing them on, and
 * resolves a {@link CapturedOutput} parameter. Logback's console appender looks {@code System.out} up
 * on every write, so log lines are captured too.
 */
public final class OutputCaptureExtension implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

	private static final Namespace NAMESPACE = Namespace.create(OutputCaptureExtension.class);

	@Override
	public void beforeEach(ExtensionContext context) {
		context.getStore(NAMESPACE).put(Capture.class, new Capture());
	}

	@Override
	public void afterEach(ExtensionContext context) {
		context.getStore(NAMESPACE).remove(Capture.class, Capture.class).restore();
	}

	@Override
	public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
		return parameter.getParameter().getType() == CapturedOutput.class;
	}

	@Override
	public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
		return context.getStore(NAMESPACE).get(Capture.class, Capture.class);
	}

	private static final class Capture implements CapturedOutput {

		private final PrintStream out = System.out;

		private final PrintStream err = System.err;

		private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

		Capture() {
			System.setOut(new PrintStream(new Tee(this.out, this.captured), true, Charset.defaultCharset()));
			System.setErr(new PrintStream(new Tee(this.err, this.captured), true, Charset.defaultCharset()));
		}

		void restore() {
			System.setOut(this.out);
			System.setErr(this.err);
		}

		@Override
		public String getAll() {
			synchronized (this.captured) {
				return this.captured.toString(Charset.defaultCharset());
			}
		}

		@Override
		public String toString() {
			return getAll();
		}

	}

	private static final class Tee extends OutputStream {

		private final OutputStream original;

		private final ByteArrayOutputStream copy;

		Tee(OutputStream original, ByteArrayOutputStream copy) {
			this.original = original;
			this.copy = copy;
		}

		@Override
		public void write(int b) {
			synchronized (this.copy) {
				this.copy.write(b);
			}
			try {
				this.original.write(b);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

		@Override
		public void write(byte[] bytes, int offset, int length) {
			synchronized (this.copy) {
				this.copy.write(bytes, offset, length);
			}
			try {
				this.original.write(bytes, offset, length);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

		@Override
		public void flush() throws IOException {
			this.original.flush();
		}

	}

}
