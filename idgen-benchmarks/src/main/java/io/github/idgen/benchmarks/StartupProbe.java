package io.github.idgen.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.snowflake.IdService;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Starts {@link EmptyConfig} once, in one {@link Mode}, and prints how long it took from
 * {@code SpringApplication} start to the first id. {@link StartupFigures} runs it in fresh JVMs (cold
 * start, as an instance of a service starts) and in its own JVM (warm: the classes are loaded and
 * compiled already, so only the work of the start-up itself remains).
 */
public final class StartupProbe {

	private StartupProbe() {
	}

	/** How the application gets its worker id. */
	enum Mode {

		/** A fixed worker id: {@code IdServiceTwitter}, no lease. */
		FIXED("fixed"),

		/** Leased from ZooKeeper; arguments: connect string, worker-ids path. */
		CLUSTER("cluster"),

		/**
		 * A fixed worker id in an application that has a {@code DataSource} (a pool that opens no
		 * connection until used, as Spring Boot's): the baseline of {@link #JDBC}. Arguments: JDBC URL,
		 * user, password.
		 */
		FIXED_DATASOURCE("fixed-datasource"),

		/** Leased from the database of the {@code DataSource}; arguments: JDBC URL, user, password, lease group. */
		JDBC("jdbc"),

		/** Leased from Redis; arguments: host, port, expected replicas, lease group. */
		REDIS("redis");

		final String argument;

		Mode(String argument) {
			this.argument = argument;
		}

		static Mode of(String argument) {
			for (Mode mode : values()) {
				if (mode.argument.equals(argument)) {
					return mode;
				}
			}
			throw new IllegalArgumentException("Unknown mode '" + argument + "'");
		}

		boolean hasDataSource() {
			return this == FIXED_DATASOURCE || this == JDBC;
		}

	}

	/**
	 * Starts the application once and prints {@code STARTUP <nanos to first id> <ms of JVM uptime at
	 * the first id> <id>}.
	 * @param args {@code fixed}, {@code cluster <connectString> <workerIdsPath>},
	 * {@code fixed-datasource <url> <user> <password>}, {@code jdbc <url> <user> <password> <group>} or
	 * {@code redis <host> <port> <replicas> <group>}
	 */
	public static void main(String[] args) {
		Mode mode = Mode.of(args[0]);
		Result result = startOnce(mode, List.of(args).subList(1, args.length));
		System.out.println("STARTUP " + result.nanosToFirstId() + " "
				+ result.jvmUptimeMillisAtFirstId() + " " + result.firstId());
	}

	static Result startOnce(Mode mode, List<String> args) {
		List<String> properties = new ArrayList<>();
		properties.add("spring.main.banner-mode=off");
		properties.add("xxx.common.id-data-center-id=3");
		switch (mode) {
			case CLUSTER -> {
				properties.add("xxx.common.zookeeper-enabled=true");
				properties.add("xxx.common.zookeeper-addr=" + args.get(0));
				properties.add("xxx.common.zookeeper-worker-ids-path=" + args.get(1));
			}
			case JDBC -> {
				properties.add("xxx.common.jdbc-enabled=true");
				properties.add("xxx.common.jdbc-initialize-schema=always");
				properties.add("xxx.common.jdbc-lease-group=" + args.get(3));
			}
			case REDIS -> {
				properties.add("xxx.common.redis-enabled=true");
				properties.add("spring.data.redis.host=" + args.get(0));
				properties.add("spring.data.redis.port=" + args.get(1));
				properties.add("xxx.common.redis-expected-replicas=" + args.get(2));
				properties.add("xxx.common.redis-lease-group=" + args.get(3));
			}
			default -> properties.add("xxx.common.id-worker-id=7");
		}
		if (mode.hasDataSource()) {
			properties.add("probe.datasource.url=" + args.get(0));
			properties.add("probe.datasource.username=" + args.get(1));
			properties.add("probe.datasource.password=" + args.get(2));
		}
		long start = System.nanoTime();
		SpringApplicationBuilder builder = mode.hasDataSource()
				? new SpringApplicationBuilder(EmptyConfig.class, ProbeDataSource.class)
				: new SpringApplicationBuilder(EmptyConfig.class);
		try (ConfigurableApplicationContext context = builder.web(WebApplicationType.NONE)
			.properties(properties.toArray(String[]::new))
			.run()) {
			long id = context.getBean(IdService.class).nextId();
			long elapsed = System.nanoTime() - start;
			return new Result(elapsed, ManagementFactory.getRuntimeMXBean().getUptime(), id);
		}
	}

	record Result(long nanosToFirstId, long jvmUptimeMillisAtFirstId, long firstId) {
	}

	/**
	 * The application's {@code DataSource}: a Hikari pool built as Spring Boot builds it from
	 * {@code spring.datasource.*} (no connection until first use). Declared here rather than through
	 * Spring Boot's JDBC auto-configuration, which would give the other modes an embedded H2 (it is on
	 * this jar's classpath) and change what they measure.
	 */
	@Configuration(proxyBeanMethods = false)
	static class ProbeDataSource {

		@Bean
		HikariDataSource dataSource(Environment environment) {
			return new JdbcTarget(environment.getRequiredProperty("probe.datasource.url"),
					environment.getRequiredProperty("probe.datasource.username"),
					environment.getProperty("probe.datasource.password", "")).pool(10, null);
		}

	}

}
