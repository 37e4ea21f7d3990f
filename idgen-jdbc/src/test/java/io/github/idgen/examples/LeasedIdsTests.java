package io.github.idgen.examples;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.CapturedOutput;
import io.github.idgen.testsupport.OutputCaptureExtension;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * docs/plain-java.md's program, {@link LeasedIds}, run as the page runs it, against a real PostgreSQL
 * server, from this module's classpath, which has no Spring: it creates the lease table, leases a
 * worker id as a row of it, issues ids of that worker id, and gives the row back when it closes.
 */
@ExtendWith(OutputCaptureExtension.class)
class LeasedIdsTests {

	private static final Pattern PRINTED = Pattern.compile("worker id (\\d+), ids (\\d+) and (\\d+)");

	@Test
	void theProgramLeasesAWorkerIdFromPostgresAndIssuesIdsOfIt(CapturedOutput output) throws Exception {
		PostgresServer server = PostgresServer.shared();
		server.execute("DROP TABLE IF EXISTS idgen_worker_lease");

		LeasedIds.main(new String[] { server.jdbcUrl() + "?user=" + server.username() });

		Matcher printed = PRINTED.matcher(output);
		assertThat(printed.find()).as(output.toString()).isTrue();
		int workerId = Integer.parseInt(printed.group(1));
		long first = Long.parseLong(printed.group(2));
		long second = Long.parseLong(printed.group(3));
		assertThat(second).isGreaterThan(first);
		assertThat(SnowflakeLayout.TWITTER.decompose(first).workerId()).isEqualTo(workerId);
		try (Connection connection = server.connect(); Statement statement = connection.createStatement();
				ResultSet row = statement.executeQuery("SELECT holder FROM idgen_worker_lease"
						+ " WHERE lease_group = 'orders-service' AND node_id = " + workerId)) {
			assertThat(row.next()).as("the lease row of worker id " + workerId).isTrue();
			assertThat(row.getString("holder")).as("given back on close").isNull();
		}
	}

	@Test
	void theProgramsClasspathHasNoSpring() {
		assertThatExceptionOfType(ClassNotFoundException.class)
			.isThrownBy(() -> Class.forName("org.springframework.core.SpringVersion"));
	}

}
