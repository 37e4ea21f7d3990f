package io.github.idgen.benchmarks;

import java.net.URI;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import io.github.idgen.client.HttpSegmentStore;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.snowflake.IdService;
import org.h2.jdbcx.JdbcDataSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * Segment ids through idgen-client (ranges from a running idgen-server over HTTP) beside segment ids
 * in process (ranges from an in-memory H2 table), both served from memory with the default settings
 * but the largest step ({@code maxStep}) and a row step of 1,000: the dynamic step grows the same way
 * in both, so what differs is where the ranges come from and how long a range takes to arrive. The server's base URL is the system property {@code idgen.bench.server} (default
 * {@code http://127.0.0.1:8080}, the demo's tag {@code orders}). Run with
 * {@code java -Didgen.bench.server=http://127.0.0.1:8080 -jar benchmarks.jar ClientBenchmarks}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class ClientBenchmarks {

	@Benchmark
	public long idgenClientNextId(Client state) {
		return state.orders.nextId();
	}

	@Benchmark
	public long inProcessNextId(InProcess state) {
		return state.orders.nextId();
	}

	/** What both sides share: the largest step the dynamic step grows to. */
	@State(Scope.Benchmark)
	public abstract static class Registry {

		/** The default {@code segment-max-step}, and ten times it. */
		@Param({ "1000000", "10000000" })
		public int maxStep;

		SegmentIdServices services;

		IdService orders;

		SegmentSettings settings() {
			return SegmentSettings.DEFAULTS.withMaxStep(this.maxStep);
		}

		@TearDown(Level.Trial)
		public void tearDown() {
			this.services.close();
		}

	}

	/** {@link SegmentIdServices} on an {@link HttpSegmentStore}. */
	public static class Client extends Registry {

		@Setup(Level.Trial)
		public void setUp() {
			URI server = URI.create(System.getProperty("idgen.bench.server", "http://127.0.0.1:8080"));
			HttpSegmentStore.Builder store = HttpSegmentStore.builder().servers(server);
			String token = System.getProperty("idgen.bench.token");
			if (token != null) {
				store.token(token);
			}
			this.services = new SegmentIdServices(store.build(), settings());
			this.orders = this.services.forTag("orders");
		}

	}

	/** {@link SegmentIdServices} on an in-memory H2 table, in this process. */
	public static class InProcess extends Registry {

		@Setup(Level.Trial)
		public void setUp() throws SQLException {
			this.services = new SegmentIdServices(
					new JdbcSegmentStore(h2SegmentTable("orders", 1000), "idgen_segment"),
					settings());
			this.orders = this.services.forTag("orders");
		}

	}

	/** One thread. */
	@Threads(1)
	public static class OneThread extends ClientBenchmarks {

	}

	/** Two threads calling one tag. */
	@Threads(2)
	public static class TwoThreads extends ClientBenchmarks {

	}

	/**
	 * Creates a fresh in-memory H2 database with the segment table and one tag.
	 * @param tag the tag's name
	 * @param step the tag's step
	 * @return the database
	 */
	static JdbcDataSource h2SegmentTable(String tag, int step) throws SQLException {
		JdbcDataSource h2 = new JdbcDataSource();
		h2.setURL("jdbc:h2:mem:segment-bench-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
		try (Connection connection = h2.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute("CREATE TABLE idgen_segment (tag VARCHAR(128) PRIMARY KEY, max_id BIGINT NOT NULL DEFAULT 0,"
					+ " step INTEGER NOT NULL, max_limit_id BIGINT NOT NULL DEFAULT 9223372036854775807,"
					+ " version BIGINT NOT NULL DEFAULT 0, description VARCHAR(256),"
					+ " update_time TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)");
			statement.execute("INSERT INTO idgen_segment (tag, step) VALUES ('" + tag + "', " + step + ")");
		}
		return h2;
	}

}
