package io.github.idgen.autoconfigure;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one INFO line every mode logs at start: mode, node id, layout and, in fixed mode, where the worker
 * id came from; a WARN for the default worker id under a production-like profile.
 */
@ExtendWith(OutputCaptureExtension.class)
class IdgenStartupLineTests {

	private static final AtomicInteger databases = new AtomicInteger();

	private static final Pattern LINE = Pattern.compile("INFO .*idgen started in ");

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
				JdbcIdServiceAutoConfiguration.class, RedisIdServiceAutoConfiguration.class,
				IdgenStartupLineAutoConfiguration.class));

	@Test
	void aConfiguredWorkerIdIsSaidToBeSetByItsKey(CapturedOutput output) {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=3", "xxx.common.id-data-center-id=2")
			.run((context) -> assertThat(context).hasNotFailed());

		assertThat(output).contains("idgen started in fixed mode: worker id 3 (set by xxx.common.id-worker-id),"
				+ " datacenter id 2, layout twitter");
		assertThat(LINE.matcher(output.getOut()).results()).hasSize(1);
	}

	@Test
	void aWorkerIdFromTheHostNameIsSaidToComeFromItsOrdinal(CapturedOutput output) {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id-from-hostname=true", "HOSTNAME=orders-7")
			.run((context) -> assertThat(context).hasNotFailed());

		assertThat(output).contains("idgen started in fixed mode: worker id 7 (the ordinal of host name 'orders-7',"
				+ " xxx.common.id-worker-id-from-hostname=true), datacenter id 0, layout twitter");
	}

	@Test
	void theDefaultWorkerIdIsSaidToBeTheDefaultWithAWarningThatEverySuchInstanceSharesIt(CapturedOutput output) {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=javascript-safe", "spring.profiles.active=dev")
			.run((context) -> assertThat(context).hasNotFailed());

		assertThat(output).contains("idgen started in fixed mode: worker id 0 (the default: xxx.common.id-worker-id is"
				+ " not set), datacenter id 0, layout javascript-safe");
		assertThat(output).containsPattern("WARN .*No worker id is given \\(xxx.common.id-worker-id\\): this instance"
				+ " issues its ids as worker id 0 of datacenter id 0, and so does every instance started like it, so their"
				+ " ids collide\\. Give each instance its own xxx.common.id-worker-id");
	}

	@Test
	void aWorkerIdGivenOrTakenFromTheHostNameIsNotWarnedAbout(CapturedOutput output) {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=0")
			.run((context) -> assertThat(context).hasNotFailed());
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id-from-hostname=true", "HOSTNAME=orders-7")
			.run((context) -> assertThat(context).hasNotFailed());
		assertThat(output).doesNotContain("No worker id is given");
	}

	@Test
	void theDefaultWorkerIdUnderAProductionProfileIsWarnedAbout(CapturedOutput output) {
		this.contextRunner.withPropertyValues("spring.profiles.active=eu,prod-eu")
			.run((context) -> assertThat(context).hasNotFailed());

		assertThat(output).containsPattern("WARN .*No worker id is given .* so their ids collide, and profile"
				+ " 'prod-eu' looks like production\\.");
	}

	@Test
	void aConfiguredWorkerIdUnderAProductionProfileIsNotWarnedAbout(CapturedOutput output) {
		this.contextRunner.withPropertyValues("spring.profiles.active=production", "xxx.common.id-worker-id=0")
			.run((context) -> assertThat(context).hasNotFailed());

		// logback's own status lines, printed when this test comes first, may say WARN
		assertThat(output).contains("worker id 0 (set by xxx.common.id-worker-id)").doesNotContain("No worker id is given");
	}

	@Test
	void aLeaseModeNamesItsModeAndTheLeaseItHolds(CapturedOutput output) {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:startup-line-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
		this.contextRunner.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("xxx.common.jdbc-enabled=true", "xxx.common.jdbc-lease-timeout=3s",
					"spring.profiles.active=live")
			.run((context) -> assertThat(context).hasNotFailed());

		assertThat(output).containsPattern("idgen started in jdbc mode: worker id \\d+ \\(leased at"
				+ " /idgen_worker_lease/default/\\d+\\), datacenter id 0, layout twitter");
		assertThat(LINE.matcher(output.getOut()).results()).hasSize(1);
		assertThat(output).doesNotContain("default worker id 0");
	}

}
