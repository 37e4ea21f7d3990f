package io.github.idgen.autoconfigure.startup;

import java.net.InetAddress;
import java.net.ServerSocket;

import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * A database that cannot be reached at start-up, through a real {@link SpringApplication} start: in JDBC
 * mode and with the JDBC segment store, on a port nothing listens on and on a real PostgreSQL that was
 * stopped, the failure analysis names the database's URL (without its password), the cause in one line,
 * and the fix, instead of "Failed to determine DatabaseDriver" (the segment table's initializer) or a stack
 * trace of the lease (JDBC mode) with the cause far below.
 */
@ExtendWith(OutputCaptureExtension.class)
class DatabaseUnreachableApplicationTests {

	@Test
	void jdbcModeOnAPortNothingListensOn(CapturedOutput output) {
		String url = "jdbc:postgresql://127.0.0.1:" + freePort() + "/idgen?password=s3cret-in-url";
		start(url, "--xxx.common.jdbc-enabled=true", "--xxx.common.id-worker-id=1");
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("idgen could not connect to the database at jdbc:postgresql://127.0.0.1:")
			.contains("/idgen?password=******, which it needs at start-up to lease the worker id"
					+ " (xxx.common.jdbc-enabled=true)")
			.containsPattern("Cause: Connection to 127\\.0\\.0\\.1:\\d+ refused\\.")
			.contains("Start the database, or correct spring.datasource.url")
			.doesNotContain("s3cret");
	}

	@Test
	void theSegmentStoreOnAStoppedPostgres(CapturedOutput output) {
		PostgresServer postgres = new PostgresServer();
		postgres.start();
		String url = postgres.jdbcUrl();
		postgres.close();
		start(url, "--xxx.common.segment-enabled=true", "--xxx.common.segment-initialize-schema=always",
				"--xxx.common.id-worker-id=1");
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("idgen could not connect to the database at " + url + ", which it needs at start-up for the"
					+ " segment table (xxx.common.segment-enabled=true)")
			.contains("refused")
			.contains("Start the database, or correct spring.datasource.url")
			// the analysis, where Spring Boot's own said "Failed to determine DatabaseDriver"
			.containsPattern("Description:\\s+idgen could not connect")
			.doesNotContain("s3cret");
	}

	@Test
	void declaredSegmentTagsOnAPortNothingListensOn(CapturedOutput output) {
		String url = "jdbc:mariadb://127.0.0.1:" + freePort() + "/idgen";
		start(url, "--xxx.common.segment-enabled=true", "--xxx.common.segment-initialize-schema=never",
				"--xxx.common.segment-tags.orders.step=100", "--xxx.common.id-worker-id=1");
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("idgen could not connect to the database at " + url)
			.contains("Start the database, or correct spring.datasource.url");
	}

	private static void start(String url, String... arguments) {
		SpringApplication application = new SpringApplication(StartupApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		String[] all = new String[arguments.length + 6];
		all[0] = "--spring.datasource.url=" + url;
		all[1] = "--spring.datasource.username=postgres";
		all[2] = "--spring.datasource.password=s3cret";
		all[3] = "--spring.datasource.hikari.connection-timeout=2000";
		all[4] = ConfigurationKeysApplicationTests.NO_SPRING_CLOUD_CHECK;
		all[5] = "--spring.autoconfigure.exclude=org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration";
		System.arraycopy(arguments, 0, all, 6, arguments.length);
		assertThatException().isThrownBy(() -> application.run(all).close());
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
