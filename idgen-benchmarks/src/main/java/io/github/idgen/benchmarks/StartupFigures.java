package io.github.idgen.benchmarks;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.idgen.benchmarks.StartupProbe.Mode;

import static io.github.idgen.benchmarks.Figures.median;
import static io.github.idgen.benchmarks.Figures.ms;
import static io.github.idgen.benchmarks.Figures.spread;

/**
 * Start-up to the first id: {@link StartupProbe} in fresh JVMs and in this warm one, in fixed mode,
 * in ZooKeeper mode and, given a database, in fixed mode with a {@code DataSource} and in JDBC mode,
 * and given a Redis, in Redis mode.
 * The modes alternate run by run, so that a change in the machine's load touches all of them alike.
 */
final class StartupFigures {

	private static final int COLD_RUNS = 7;

	private static final int WARM_RUNS = 25;

	private final String connectString;

	private final JdbcTarget jdbc;

	private final RedisTarget redis;

	private final List<Mode> modes;

	private final Map<Mode, List<Long>> cold = new EnumMap<>(Mode.class);

	private final Map<Mode, List<Long>> uptime = new EnumMap<>(Mode.class);

	private final Map<Mode, List<Long>> warm = new EnumMap<>(Mode.class);

	/**
	 * @param connectString the ZooKeeper server of cluster mode, or {@code null} for none
	 * @param jdbc the database of JDBC mode, or {@code null} for none
	 * @param redis the Redis of Redis mode, or {@code null} for none
	 */
	StartupFigures(String connectString, JdbcTarget jdbc, RedisTarget redis) {
		this.connectString = connectString;
		this.jdbc = jdbc;
		this.redis = redis;
		this.modes = new ArrayList<>(List.of(Mode.FIXED));
		if (connectString != null) {
			this.modes.add(Mode.CLUSTER);
		}
		if (jdbc != null) {
			this.modes.addAll(List.of(Mode.FIXED_DATASOURCE, Mode.JDBC));
		}
		if (redis != null) {
			this.modes.add(Mode.REDIS);
		}
		for (Mode mode : this.modes) {
			this.cold.put(mode, new ArrayList<>());
			this.uptime.put(mode, new ArrayList<>());
			this.warm.put(mode, new ArrayList<>());
		}
	}

	void print() throws Exception {
		System.out.println("## SpringApplication start to first id");
		System.out.println();
		// one discarded run per mode warms the page cache for the jar; then the modes alternate
		for (int run = -1; run < COLD_RUNS; run++) {
			for (Mode mode : this.modes) {
				List<String> command = Figures.javaCommand(StartupProbe.class, mode.argument);
				command.addAll(arguments(mode, "/startup/worker_ids", "startup"));
				long[] result = runProbe(command);
				if (run >= 0) {
					this.cold.get(mode).add(result[0]);
					this.uptime.get(mode).add(result[1] * 1_000_000);
				}
			}
		}
		RedisTarget.CommandCounter redisCommands = null;
		for (int run = -3; run < WARM_RUNS; run++) {
			if (run == 0 && this.redis != null) {
				redisCommands = this.redis.countCommands();
			}
			for (Mode mode : this.modes) {
				long nanos = StartupProbe.startOnce(mode, arguments(mode, "/startup-warm/worker_ids", "startup-warm"))
					.nanosToFirstId();
				if (run >= 0) {
					this.warm.get(mode).add(nanos);
				}
			}
		}
		Map<String, Long> redisCounts = (redisCommands != null) ? redisCommands.counts() : Map.of();
		System.out.println("| mode | fresh JVM: run() to first id, median (min..max) | fresh JVM: JVM start to first id, median"
				+ " | warm JVM: run() to first id, median (min..max) |");
		System.out.println("| --- | --- | --- | --- |");
		row("fixed (`IdServiceTwitter`)", Mode.FIXED);
		if (this.connectString != null) {
			row("cluster (`IdServiceProxy`, lease from ZooKeeper)", Mode.CLUSTER);
			difference("cluster − fixed (medians)", Mode.CLUSTER, Mode.FIXED);
		}
		if (this.jdbc != null) {
			row("fixed, with a `DataSource` (pool not opened)", Mode.FIXED_DATASOURCE);
			row("JDBC (`IdServiceProxy`, lease from the `DataSource`'s database)", Mode.JDBC);
			difference("JDBC − fixed with a `DataSource` (medians)", Mode.JDBC, Mode.FIXED_DATASOURCE);
		}
		if (this.redis != null) {
			row("Redis (`IdServiceProxy`, lease from " + this.redis.describe() + ")", Mode.REDIS);
			difference("Redis − fixed (medians)", Mode.REDIS, Mode.FIXED);
		}
		System.out.println();
		System.out.println("Fresh JVM: " + COLD_RUNS + " runs per mode, each in a new JVM (after one discarded run"
				+ " per mode). Warm JVM: " + WARM_RUNS + " runs per mode in this JVM after 3 discarded ones.");
		System.out.println();
		if (this.redis != null) {
			System.out.println("Commands the Redis server ran per warm Redis-mode run (start, first id, shutdown), over "
					+ WARM_RUNS + " runs: " + redisCounts.entrySet()
						.stream()
						.map((entry) -> entry.getKey() + " " + String.format(Locale.ROOT, "%.1f",
								entry.getValue() / (double) WARM_RUNS))
						.collect(Collectors.joining(", "))
					+ ".");
			System.out.println();
		}
	}

	private List<String> arguments(Mode mode, String workerIdsPath, String group) {
		List<String> arguments = new ArrayList<>();
		if (mode == Mode.CLUSTER) {
			arguments.add(this.connectString);
			arguments.add(workerIdsPath);
		}
		if (mode.hasDataSource()) {
			arguments.addAll(this.jdbc.asArgs());
		}
		if (mode == Mode.REDIS) {
			arguments.addAll(this.redis.asArgs());
		}
		if (mode == Mode.JDBC || mode == Mode.REDIS) {
			arguments.add(group);
		}
		return arguments;
	}

	private void row(String label, Mode mode) {
		System.out.println("| " + label + " | " + spread(this.cold.get(mode)) + " | " + ms(median(this.uptime.get(mode)))
				+ " | " + spread(this.warm.get(mode)) + " |");
	}

	private void difference(String label, Mode mode, Mode baseline) {
		System.out.println("| " + label + " | " + ms(median(this.cold.get(mode)) - median(this.cold.get(baseline)))
				+ " | " + ms(median(this.uptime.get(mode)) - median(this.uptime.get(baseline))) + " | "
				+ ms(median(this.warm.get(mode)) - median(this.warm.get(baseline))) + " |");
	}

	private static long[] runProbe(List<String> command) throws Exception {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String result = null;
		StringBuilder output = new StringBuilder();
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				output.append(line).append('\n');
				if (line.startsWith("STARTUP ")) {
					result = line;
				}
			}
		}
		if (process.waitFor() != 0 || result == null) {
			throw new IllegalStateException("Start-up probe failed: " + command + "\n" + output);
		}
		String[] parts = result.split(" ");
		return new long[] { Long.parseLong(parts[1]), Long.parseLong(parts[2]) };
	}

}
