package io.github.idgen.autoconfigure;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.codes.CodesAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisSegmentStoreAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.autoconfigure.web.IdUnavailableProblemAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.codes.Codes;
import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code xxx.common.*-enabled} switches and {@code xxx.common.segment-store} decide what is
 * configured as {@link CommonProperties} and its siblings bind them: {@code yes}, {@code on} and
 * {@code 1} are true, {@code no}, {@code off} and {@code 0} false, an enum value in any case and
 * spelling the binder accepts (a trailing space too, which a {@code .properties} file keeps); a value that does not bind stops the start naming the key. (Redis and
 * ZooKeeper switches on real servers: {@code RedisIdServiceAutoConfigurationTests},
 * {@code ClusterIdServiceAutoConfigurationTests}.)
 */
class CommonSwitchesTests {

	private static final AtomicInteger databases = new AtomicInteger();

	private final ApplicationContextRunner modes = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class,
				ClusterIdServiceAutoConfiguration.class, JdbcIdServiceAutoConfiguration.class,
				RedisIdServiceAutoConfiguration.class))
		.withBean(DataSource.class, CommonSwitchesTests::h2);

	private final ApplicationContextRunner segments = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
				RedisSegmentStoreAutoConfiguration.class, SegmentIdServicesAutoConfiguration.class,
				CodesAutoConfiguration.class))
		.withPropertyValues(
				"spring.datasource.url=jdbc:h2:mem:switches-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1",
				"spring.datasource.generate-unique-name=false");

	/**
	 * A setting as a file holds it: {@code withPropertyValues} trims the value, a {@code .properties}
	 * file does not.
	 */
	private static ApplicationContextInitializer<ConfigurableApplicationContext> asWritten(String key, String value) {
		return (context) -> context.getEnvironment()
			.getPropertySources()
			.addFirst(new MapPropertySource("application.properties", Map.of(key, value)));
	}

	private static DataSource h2() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:switches-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
		return dataSource;
	}

	@ParameterizedTest
	@ValueSource(strings = { "true", "yes", "on", "1", "TRUE" })
	void jdbcEnabledWrittenAnyWayTheBinderReadsAsTrueLeasesFromTheDatabase(String value) {
		this.modes.withPropertyValues("xxx.common.jdbc-enabled=" + value).run((context) -> {
			assertThat(context.getBean(CommonProperties.class).isJdbcEnabled()).isTrue();
			assertThat(context).hasSingleBean(JdbcLeaseDeployment.class).hasSingleBean(IdService.class);
			assertThat(context).doesNotHaveBean(IdServiceTwitter.class);
		});
	}

	@ParameterizedTest
	@ValueSource(strings = { "false", "no", "off", "0" })
	void leaseSwitchesWrittenAnyWayTheBinderReadsAsFalseLeaveTheFixedWorkerId(String value) {
		this.modes
			.withPropertyValues("xxx.common.zookeeper-enabled=" + value, "xxx.common.jdbc-enabled=" + value,
					"xxx.common.redis-enabled=" + value, "xxx.common.id-worker-id=5")
			.run((context) -> {
				assertThat(context).hasSingleBean(IdServiceTwitter.class).doesNotHaveBean(JdbcLeaseDeployment.class);
				assertThat(context.getBean(IdServiceTwitter.class).getWorkerId()).isEqualTo(5);
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "jdbc-enabled", "zookeeper-enabled", "redis-enabled" })
	void aLeaseSwitchLeftEmptyStopsTheStartNamingIt(String key) {
		// not a fixed worker id taken for "off": the properties refuse the empty value
		this.modes.withPropertyValues("xxx.common." + key + "=", "xxx.common.id-worker-id=6")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("Failed to bind properties under 'xxx.common." + key + "'"));
	}

	@ParameterizedTest
	@CsvSource({ "jdbc-enabled, maybe", "zookeeper-enabled, 2", "redis-enabled, -1" })
	void aLeaseSwitchThatIsNoBooleanStopsTheStartNamingIt(String key, String value) {
		this.modes.withPropertyValues("xxx.common." + key + "=" + value)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("xxx.common." + key));
	}

	@ParameterizedTest
	@ValueSource(strings = { "true", "yes", "on", "1" })
	void segmentEnabledWrittenAnyWayTheBinderReadsAsTrueServesTagsAndCodes(String value) {
		this.segments.withPropertyValues("xxx.common.segment-enabled=" + value).run((context) -> {
			assertThat(context).hasSingleBean(SegmentIdServices.class).hasSingleBean(JdbcSegmentStore.class);
			assertThat(context).hasSingleBean(Codes.class);
		});
	}

	@ParameterizedTest
	@ValueSource(strings = { "jdbc", "JDBC", "Jdbc", "jdbc " })
	void aSegmentStoreWrittenAnyWayTheBinderReadsAsJdbcIsTheSegmentTable(String value) {
		this.segments.withPropertyValues("xxx.common.segment-enabled=true")
			.withInitializer(asWritten("xxx.common.segment-store", value))
			.run((context) -> assertThat(context).hasSingleBean(JdbcSegmentStore.class)
				.hasSingleBean(SegmentIdServices.class));
	}

	@ParameterizedTest
	@ValueSource(strings = { "no", "off", "0" })
	void segmentEnabledWrittenAnyWayTheBinderReadsAsFalseServesNoTags(String value) {
		this.segments.withPropertyValues("xxx.common.segment-enabled=" + value)
			.run((context) -> assertThat(context).doesNotHaveBean(SegmentIdServices.class));
	}

	@ParameterizedTest
	@ValueSource(strings = { "yes", "on", "1" })
	void theUnavailableProblemWrittenAnyWayTheBinderReadsAsTrueIsServed(String value) {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
					HttpMessageConvertersAutoConfiguration.class, WebMvcAutoConfiguration.class,
					IdUnavailableProblemAutoConfiguration.class))
			.withPropertyValues("xxx.common.web-unavailable-problem-enabled=" + value)
			.run((context) -> assertThat(context).hasBean("idUnavailableProblemHandler"));
	}

}
