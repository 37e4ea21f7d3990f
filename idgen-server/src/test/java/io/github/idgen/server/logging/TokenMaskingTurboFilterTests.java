package io.github.idgen.server.logging;

import java.util.List;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What Logback's appenders receive through {@link TokenMaskingTurboFilter}, in a Logback context of
 * the test's own: messages, arguments and exceptions masked, everything else as logged.
 */
class TokenMaskingTurboFilterTests {

	private final LoggerContext context = new LoggerContext();

	private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

	private Logger logger;

	@BeforeEach
	void logback() {
		TokenMaskingTurboFilter filter = new TokenMaskingTurboFilter();
		filter.setContext(this.context);
		filter.start();
		this.context.addTurboFilter(filter);
		this.appender.setContext(this.context);
		this.appender.start();
		this.logger = this.context.getLogger("test");
		this.logger.setLevel(Level.DEBUG);
		this.logger.addAppender(this.appender);
	}

	@Test
	void aMessageAndItsArgumentsAreMaskedAndTheCallerIsTheCodeThatLogged() {
		this.logger.info("Securing GET {}", "/api/x?token=s3cr3t");
		ILoggingEvent event = this.appender.list.get(0);
		assertThat(event.getFormattedMessage()).isEqualTo("Securing GET /api/x?token=******");
		assertThat(event.getLevel()).isEqualTo(Level.INFO);
		assertThat(event.getLoggerName()).isEqualTo("test");
		assertThat(event.getCallerData()[0].getClassName()).isEqualTo(TokenMaskingTurboFilterTests.class.getName());
	}

	@Test
	void anExceptionsMessageItsCausesAndWhatTheySuppressedAreMaskedWithTheirClassesAndFrames() {
		IllegalStateException suppressed = new IllegalStateException("Parameter [token] with value [s3cr3t] has been ignored");
		IllegalArgumentException cause = new IllegalArgumentException("request target [/x?token=s3cr3t ]");
		cause.addSuppressed(suppressed);
		RuntimeException thrown = new RuntimeException("header value \"Bearer s3cr3t\"", cause);
		this.logger.warn("Error parsing HTTP request header", thrown);
		IThrowableProxy proxy = this.appender.list.get(0).getThrowableProxy();
		assertThat(proxy.getClassName()).isEqualTo(RuntimeException.class.getName());
		assertThat(proxy.getMessage()).isEqualTo("header value \"Bearer ******");
		assertThat(proxy.getStackTraceElementProxyArray()).isNotEmpty();
		assertThat(proxy.getCause().getMessage()).isEqualTo("request target [/x?token=****** ]");
		assertThat(proxy.getCause().getClassName()).isEqualTo(IllegalArgumentException.class.getName());
		assertThat(proxy.getCause().getSuppressed()[0].getMessage())
			.isEqualTo("Parameter [token] with value [******] has been ignored");
	}

	@Test
	void anExceptionAsTheLastArgumentIsMaskedToo() {
		this.logger.debug("Failed for {}", "GET /v1/ids/next", new IllegalStateException("Authorization: s3cr3t"));
		ILoggingEvent event = this.appender.list.get(0);
		assertThat(event.getFormattedMessage()).isEqualTo("Failed for GET /v1/ids/next");
		assertThat(event.getThrowableProxy().getMessage()).isEqualTo("Authorization: ******");
	}

	@Test
	void theFluentApisKeyValuesAndMarkersStay() {
		this.logger.atInfo().addKeyValue("tag", "orders").setMessage("GET /api/x?token={}").addArgument("s3cr3t").log();
		ILoggingEvent event = this.appender.list.get(0);
		assertThat(event.getFormattedMessage()).isEqualTo("GET /api/x?token=******");
		assertThat(event.getKeyValuePairs()).singleElement().satisfies((pair) -> assertThat(pair.key).isEqualTo("tag"));
	}

	@Test
	void eventsWithoutATokenPassAsTheyAreAndDisabledLevelsStayDisabled() {
		this.logger.info("Started in {} seconds", 3);
		this.logger.trace("GET /api/x?token=s3cr3t");
		assertThat(this.appender.list).singleElement()
			.satisfies((event) -> assertThat(event.getFormattedMessage()).isEqualTo("Started in 3 seconds"));
		assertThat(this.appender.list.get(0).getArgumentArray()).containsExactly(3);
	}

	@Test
	void nothingTheAppendersReceiveHoldsTheToken() {
		this.logger.error("{} {}", List.of("token=s3cr3t"), "Bearer s3cr3t", new RuntimeException("token:[s3cr3t]"));
		ILoggingEvent event = this.appender.list.get(0);
		assertThat(event.getFormattedMessage()).doesNotContain("s3cr3t");
		assertThat(event.getThrowableProxy().getMessage()).doesNotContain("s3cr3t");
	}

}
