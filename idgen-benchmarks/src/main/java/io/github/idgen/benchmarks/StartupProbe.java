package io.github.idgen.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import io.github.idgen.snowflake.IdService;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts {@link EmptyConfig} once, in fixed or cluster mode, and prints how long it took from
 * {@code SpringApplication} start to the first id. {@link LeaseFigures} runs it in fresh JVMs (cold
 * start, as an instance of a service starts) and in its own JVM (warm: the classes are loaded and
 * compiled already, so only the work of the start-up itself remains).
 */
public final class StartupProbe {

	private StartupProbe() {
	}

	/**
	 * Starts the application once and prints {@code STARTUP <nanos to first id> <ms of JVM uptime at
	 * the first id> <id>}.
	 * @param args {@code fixed}, or {@code cluster <connectString> <workerIdsPath>}
	 */
	public static void main(String[] args) {
		boolean cluster = "cluster".equals(args[0]);
		Result result = startOnce(cluster, cluster ? args[1] : null, cluster ? args[2] : null);
		System.out.println("STARTUP " + result.nanosToFirstId() + " "
				+ result.jvmUptimeMillisAtFirstId() + " " + result.firstId());
	}

	static Result startOnce(boolean cluster, String connectString, String workerIdsPath) {
		List<String> properties = new ArrayList<>();
		properties.add("spring.main.banner-mode=off");
		properties.add("xxx.common.id-data-center-id=3");
		if (cluster) {
			properties.add("xxx.common.zookeeper-enabled=true");
			properties.add("xxx.common.zookeeper-addr=" + connectString);
			properties.add("xxx.common.zookeeper-worker-ids-path=" + workerIdsPath);
		}
		else {
			properties.add("xxx.common.id-worker-id=7");
		}
		long start = System.nanoTime();
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(EmptyConfig.class)
			.web(WebApplicationType.NONE)
			.properties(properties.toArray(String[]::new))
			.run()) {
			long id = context.getBean(IdService.class).nextId();
			long elapsed = System.nanoTime() - start;
			return new Result(elapsed, ManagementFactory.getRuntimeMXBean().getUptime(), id);
		}
	}

	record Result(long nanosToFirstId, long jvmUptimeMillisAtFirstId, long firstId) {
	}

}
