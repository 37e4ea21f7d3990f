package io.github.idgen.jdbc;

import java.time.Duration;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import io.github.idgen.testsupport.CapturedOutput;
import io.github.idgen.testsupport.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The clock lag a newcomer reads from live holders' rows, during a rolling change of the mark
 * interval: the holders write their marks further ahead than the newcomer would, on the same clock.
 * The row says how far ahead its mark was written, so the newcomer measures no lag.
 */
class JdbcClockLagTests {

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	@ExtendWith(OutputCaptureExtension.class)
	void aHolderWithALongerMarkIntervalOnTheSameClockShowsNoLag(DatabaseServer server, CapturedOutput output)
			throws Exception {
		try (HikariDataSource pool = server.pool(4); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			support.start(support.builder().markInterval(Duration.ofSeconds(2)).markMaxWait(Duration.ofSeconds(10)).build())
				.getWorkerId();

			JdbcLeaseDeployment newcomer = support.startDeployment();
			newcomer.getWorkerId();

			assertThat(newcomer.getMeasuredClockLagMillis()).isZero();
			assertThat(output).doesNotContain("behind the clock of");
		}
	}

}
