package io.github.idgen.autoconfigure.jdbc;

import java.net.ConnectException;
import java.sql.SQLException;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link DatabaseUnreachableFailureAnalyzer} called directly: what it leaves to others, a refused login,
 * and passwords in URLs. Through real starts in {@code DatabaseUnreachableApplicationTests}.
 */
class DatabaseUnreachableFailureAnalyzerTests {

	private final MockEnvironment environment = new MockEnvironment()
		.withProperty("spring.datasource.url", "jdbc:mysql://app:s3cret@db:3306/orders?user=app&password=s3cret")
		.withProperty("xxx.common.jdbc-enabled", "true");

	private final DatabaseUnreachableFailureAnalyzer analyzer = new DatabaseUnreachableFailureAnalyzer(this.environment);

	@Test
	void aConnectionFailureOfAnIdgenBeanNamesTheUrlWithoutItsPassword() {
		FailureAnalysis analysis = this.analyzer.analyze(idgenBean(new SQLException("Socket fail to connect to db",
				"08000", new ConnectException("Connection refused"))));
		assertThat(analysis.getDescription()).isEqualTo("idgen could not connect to the database at"
				+ " jdbc:mysql://app:******@db:3306/orders?user=app&password=******, which it needs at start-up to lease"
				+ " the worker id (xxx.common.jdbc-enabled=true).\n\nCause: Socket fail to connect to db");
		assertThat(analysis.getAction()).startsWith("Start the database, or correct spring.datasource.url");
	}

	@Test
	void aRefusedLoginSaysToCorrectTheCredentials() {
		FailureAnalysis analysis = this.analyzer
			.analyze(idgenBean(new SQLException("password authentication failed for user \"app\"", "28P01")));
		assertThat(analysis.getDescription()).startsWith("idgen could not log in to the database at");
		assertThat(analysis.getAction()).startsWith("Correct spring.datasource.username and spring.datasource.password");
	}

	@Test
	void failuresOfOtherBeansOrOtherErrorsAreLeftToTheirOwnAnalyses() {
		assertThat(this.analyzer.analyze(new BeanCreationException("class path resource [com/example/Orders.class]",
				"ordersRepository", "failed", new SQLException("refused", "08001")))).isNull();
		assertThat(this.analyzer.analyze(idgenBean(new SQLException("syntax error", "42601")))).isNull();
	}

	private static BeanCreationException idgenBean(SQLException cause) {
		return new BeanCreationException(
				"class path resource [io/github/idgen/autoconfigure/jdbc/JdbcIdServiceAutoConfiguration$JdbcLeaseConfiguration.class]",
				"jdbcLeaseDeployment", "failed", new IllegalStateException("Could not prepare the lease table", cause));
	}

}
