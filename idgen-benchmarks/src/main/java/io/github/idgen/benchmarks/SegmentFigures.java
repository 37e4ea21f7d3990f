package io.github.idgen.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.redis.RedisConnector;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.segment.SegmentIdService;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStatistics;
import io.github.idgen.segment.SegmentStore;

/**
 * Segment ids end to end on a PostgreSQL server or a Redis primary: what one allocation costs, ids/s
 * with a fixed step of 1000, and how fast the dynamic step reaches memory speed. Prints a Markdown
 * report; on Redis also the commands the server ran per allocation.
 * <p>
 * Run {@code java -cp idgen-benchmarks/target/benchmarks.jar io.github.idgen.benchmarks.SegmentFigures
 * JDBC_URL USER [PASSWORD]} against a server of your own (it creates the table {@code idgen_segment}
 * if missing and adds tags named {@code figures-*}), or with {@code --redis HOST:PORT [REPLICAS]}
 * against a Redis primary (it adds tags {@code idgen:segment:figures-*}).
 */
public final class SegmentFigures {

	private static final int THREADS = 2;

	private static final Duration RUN = Duration.ofSeconds(10);

	private SegmentFigures() {
	}

	public static void main(String[] args) throws Exception {
		RedisTarget redis = RedisTarget.fromArgs(List.of(args));
		if (redis != null) {
			try (RedisConnector connector = redis.connector();
					RedisSegmentStore store = RedisSegmentStore.builder(connector).build()) {
				store.start();
				System.out.printf(Locale.ROOT, "# Segment ids on %s%n%n", redis.describe());
				Store target = new Store(store, (name) -> {
					String tag = "figures-" + name + "-" + System.currentTimeMillis();
					store.createTag(tag, 1000, null);
					return tag;
				});
				RedisTarget.CommandCounter commands = redis.countCommands();
				int allocations = allocationLatency(target);
				System.out.printf(Locale.ROOT, "Commands the server ran for those %d allocations: %s%n%n", allocations,
						commands.counts());
				fixedStep(target);
				dynamicStep(target);
			}
			return;
		}
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(args[0]);
		config.setUsername(args[1]);
		config.setPassword((args.length > 2) ? args[2] : "");
		config.setMaximumPoolSize(4);
		try (HikariDataSource pool = new HikariDataSource(config)) {
			createTable(pool);
			Store target = new Store(new JdbcSegmentStore(pool, "idgen_segment"), (name) -> addTag(pool, name, 1000));
			allocationLatency(target);
			fixedStep(target);
			dynamicStep(target);
		}
	}

	/**
	 * A store and how to add a tag to it.
	 * @param store the store
	 * @param addTag adds a tag with step 1000 named after its argument, and returns the tag
	 */
	private record Store(SegmentStore store, Function<String, String> addTag) {
	}

	/** Times single allocations; returns how many, warm-up included. */
	private static int allocationLatency(Store target) {
		String tag = target.addTag().apply("latency");
		long[] nanos = new long[500];
		for (int i = 0; i < 50; i++) {
			target.store().allocate(tag, 1);
		}
		for (int i = 0; i < nanos.length; i++) {
			long start = System.nanoTime();
			target.store().allocate(tag, 1);
			nanos[i] = System.nanoTime() - start;
		}
		Arrays.sort(nanos);
		System.out.printf(Locale.ROOT, "## One allocation (%s.allocate, %d after 50 warm-up)%n%n",
				target.store().getClass().getSimpleName(), nanos.length);
		System.out.printf(Locale.ROOT, "median %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms%n%n", nanos[nanos.length / 2] / 1e6,
				nanos[nanos.length * 9 / 10] / 1e6, nanos[nanos.length * 99 / 100] / 1e6, nanos[nanos.length - 1] / 1e6);
		return nanos.length + 50;
	}

	private static void fixedStep(Store target) throws Exception {
		String tag = target.addTag().apply("fixed");
		try (SegmentIdServices services = new SegmentIdServices(target.store(),
				SegmentSettings.DEFAULTS.withMaxStep(1000).withMaxWait(Duration.ofSeconds(5)))) {
			SegmentIdService service = services.service(tag);
			long ids = run(service, RUN.toNanos(), null);
			SegmentStatistics statistics = service.statistics();
			System.out.printf(Locale.ROOT, "## Fixed step 1000, %d threads, %d s%n%n", THREADS, RUN.toSeconds());
			System.out.printf(Locale.ROOT, "%,.0f ids/s; %d allocations, %d calls waited for a range%n%n",
					ids / (double) RUN.toSeconds(), statistics.allocations(), statistics.waits());
		}
	}

	private static void dynamicStep(Store target) throws Exception {
		String tag = target.addTag().apply("dynamic");
		try (SegmentIdServices services = new SegmentIdServices(target.store(),
				SegmentSettings.DEFAULTS.withMaxWait(Duration.ofSeconds(5)))) {
			SegmentIdService service = services.service(tag);
			List<String> rows = new ArrayList<>();
			run(service, RUN.toNanos(), rows);
			System.out.printf(Locale.ROOT, "## Dynamic step from 1000 (max 1,000,000), %d threads, per 500 ms%n%n", THREADS);
			System.out.println("| time | ids/s in the window | allocations so far | step | waits so far |");
			System.out.println("| ---: | ---: | ---: | ---: | ---: |");
			rows.forEach(System.out::println);
			System.out.println();
		}
	}

	/** Takes ids on {@link #THREADS} threads for a while; with {@code rows}, samples every 500 ms. */
	private static long run(SegmentIdService service, long nanos, List<String> rows) throws InterruptedException {
		LongAdder ids = new LongAdder();
		long end = System.nanoTime() + nanos;
		List<Thread> threads = new ArrayList<>();
		for (int t = 0; t < THREADS; t++) {
			Thread thread = new Thread(() -> {
				while (System.nanoTime() - end < 0) {
					for (int i = 0; i < 1000; i++) {
						service.nextId();
					}
					ids.add(1000);
				}
			});
			thread.start();
			threads.add(thread);
		}
		long start = System.nanoTime();
		long previous = 0;
		while (rows != null && System.nanoTime() - end < 0) {
			Thread.sleep(500);
			long now = ids.sum();
			SegmentStatistics statistics = service.statistics();
			rows.add(String.format(Locale.ROOT, "| %.1f s | %,.0f | %d | %,d | %d |", (System.nanoTime() - start) / 1e9,
					(now - previous) * 2.0, statistics.allocations(), statistics.step(), statistics.waits()));
			previous = now;
		}
		for (Thread thread : threads) {
			thread.join();
		}
		return ids.sum();
	}

	private static void createTable(HikariDataSource pool) throws SQLException, IOException {
		try (InputStream in = SegmentFigures.class.getResourceAsStream("/io/github/idgen/jdbc/segment/schema-postgresql.sql");
				Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(new String(in.readAllBytes(), StandardCharsets.UTF_8));
		}
	}

	private static String addTag(HikariDataSource pool, String name, int step) {
		String tag = "figures-" + name + "-" + System.currentTimeMillis();
		try (Connection connection = pool.getConnection();
				PreparedStatement insert = connection.prepareStatement("INSERT INTO idgen_segment (tag, step) VALUES (?, ?)")) {
			insert.setString(1, tag);
			insert.setInt(2, step);
			insert.executeUpdate();
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not add segment tag " + tag, ex);
		}
		return tag;
	}

}
