package io.github.idgen.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import io.github.idgen.redis.RedisConnector;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;

/**
 * A Redis primary given on the command line ({@code --redis HOST:PORT [REPLICAS]}), for the Redis
 * lease and segment figures: every write of idgen waits for {@code REPLICAS} replicas.
 *
 * @param host the primary's host
 * @param port its port
 * @param expectedReplicas how many replicas every write waits for
 */
record RedisTarget(String host, int port, int expectedReplicas) {

	/**
	 * Reads {@code --redis HOST:PORT [REPLICAS]} from the arguments.
	 * @param args the program's arguments
	 * @return the target, or {@code null} without {@code --redis}
	 */
	static RedisTarget fromArgs(List<String> args) {
		int at = args.indexOf("--redis");
		if (at < 0) {
			return null;
		}
		if (args.size() < at + 2 || !args.get(at + 1).contains(":")) {
			throw new IllegalArgumentException("--redis needs the primary: --redis HOST:PORT [REPLICAS]");
		}
		String[] address = args.get(at + 1).split(":");
		int replicas = (args.size() > at + 2 && args.get(at + 2).matches("\\d+")) ? Integer.parseInt(args.get(at + 2))
				: 0;
		return new RedisTarget(address[0], Integer.parseInt(address[1]), replicas);
	}

	/** The arguments that name this target, as the child programs read them. */
	List<String> asArgs() {
		return List.of(this.host, Integer.toString(this.port), Integer.toString(this.expectedReplicas));
	}

	/** From the arguments {@link #asArgs()} wrote, starting at {@code from}. */
	static RedisTarget of(List<String> args, int from) {
		return new RedisTarget(args.get(from), Integer.parseInt(args.get(from + 1)), Integer.parseInt(args.get(from + 2)));
	}

	RedisURI uri() {
		return RedisURI.builder().withHost(this.host).withPort(this.port).withTimeout(Duration.ofSeconds(60)).build();
	}

	/** A connector with the target's replicas, to close; its deployments and stores open their own connections. */
	RedisConnector connector() {
		return RedisConnector.builder(uri()).expectedReplicas(this.expectedReplicas).build();
	}

	/** What the server says of itself and its replicas, for the report. */
	String describe() {
		return "Redis at " + this.host + ":" + this.port + ", every write waiting for " + this.expectedReplicas
				+ " replica(s)";
	}

	/** A field of a hash, read with a connection of its own. */
	String hget(String key, String field) {
		return call((connection) -> connection.sync().hget(key, field));
	}

	/**
	 * Starts counting the commands the server runs from now on ({@code INFO commandstats}).
	 * @return the counter
	 */
	CommandCounter countCommands() {
		// what one reading itself sends (the client's handshake, INFO) is measured once and left out
		Map<String, Long> first = commandCounts();
		Map<String, Long> second = commandCounts();
		return new CommandCounter(difference(first, second), second);
	}

	private Map<String, Long> commandCounts() {
		String info = call((connection) -> connection.sync().info("commandstats"));
		Map<String, Long> counts = new TreeMap<>();
		for (String line : info.split("\r?\n")) {
			if (line.startsWith("cmdstat_")) {
				// cmdstat_evalsha:calls=12,usec=...,failed_calls=0: the first field, not the last '..calls='
				counts.put(line.substring("cmdstat_".length(), line.indexOf(':')),
						Long.parseLong(line.replaceAll("^[^:]+:calls=(\\d+),.*$", "$1")));
			}
		}
		return counts;
	}

	private static Map<String, Long> difference(Map<String, Long> before, Map<String, Long> after) {
		Map<String, Long> counts = new TreeMap<>();
		after.forEach((name, calls) -> {
			long made = calls - before.getOrDefault(name, 0L);
			if (made != 0) {
				counts.put(name, made);
			}
		});
		return counts;
	}

	/** Counts the commands the server ran since it was started or last reset, by command. */
	final class CommandCounter {

		private final Map<String, Long> reading;

		private Map<String, Long> since;

		private CommandCounter(Map<String, Long> reading, Map<String, Long> since) {
			this.reading = reading;
			this.since = since;
		}

		/** The commands run since the start or the last reset, by command ({@code evalsha}, {@code wait}, ...). */
		Map<String, Long> counts() {
			Map<String, Long> counts = difference(this.since, commandCounts());
			this.reading.forEach((name, calls) -> counts.computeIfPresent(name, (key, made) -> (made > calls) ? made - calls
					: null));
			return counts;
		}

		/** Counts from now on. */
		void reset() {
			this.since = commandCounts();
		}

	}

	private <T> T call(Function<StatefulRedisConnection<String, String>, T> command) {
		RedisClient client = RedisClient.create(uri());
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			return command.apply(connection);
		}
		finally {
			client.shutdown();
		}
	}

}
