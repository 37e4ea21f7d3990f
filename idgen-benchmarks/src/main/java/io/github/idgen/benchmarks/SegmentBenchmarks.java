package io.github.idgen.benchmarks;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.segment.JdbcSegmentStore;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.snowflake.IdService;
import me.ahoo.cosid.segment.DefaultSegmentId;
import me.ahoo.cosid.segment.IdSegmentDistributor;
import me.ahoo.cosid.segment.SegmentChainId;
import org.h2.jdbcx.JdbcDataSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * Segment ids served from memory, side by side with a plain {@link AtomicLong} (the floor: one
 * atomic increment) and CosId's segment generators, at one and two threads. Every generator takes
 * ranges of {@value #STEP} ids: ours from an in-memory H2 table, CosId's from its in-memory
 * distributor, so that range allocations are rare and the figures are the cost of an id from memory.
 * Run with {@code java -jar benchmarks.jar SegmentBenchmarks -rf csv -rff segments.csv}.
 */
@BenchmarkMode({ Mode.Throughput, Mode.SampleTime })
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class SegmentBenchmarks {

	static final int STEP = 1_000_000;

	@Benchmark
	public long idgenSegmentForTagNextId(Idgen state) {
		return state.services.forTag(Idgen.TAG).nextId();
	}

	@Benchmark
	public long idgenSegmentHeldServiceNextId(Idgen state) {
		return state.service.nextId();
	}

	@Benchmark
	public long cosidSegmentChainId(CosIdChain state) {
		return state.generator.generate();
	}

	@Benchmark
	public long cosidDefaultSegmentId(CosIdDefault state) {
		return state.generator.generate();
	}

	@Benchmark
	public long atomicLongFloor(Counter state) {
		return state.counter.incrementAndGet();
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

	/** idgen's {@link SegmentIdServices} on an in-memory H2 table. */
	@State(Scope.Benchmark)
	public static class Idgen {

		static final String TAG = "bench";

		SegmentIdServices services;

		IdService service;

		@Setup(Level.Trial)
		public void setUp() throws SQLException {
			this.services = new SegmentIdServices(new JdbcSegmentStore(h2SegmentTable(TAG, STEP), "idgen_segment"),
					SegmentSettings.DEFAULTS.withMaxStep(STEP));
			this.service = this.services.forTag(TAG);
		}

		@TearDown(Level.Trial)
		public void tearDown() {
			this.services.close();
		}

	}

	/** CosId 2.13.3's {@code SegmentChainId}: a chain of prefetched segments. */
	@State(Scope.Benchmark)
	public static class CosIdChain {

		SegmentChainId generator;

		@Setup(Level.Trial)
		public void setUp() {
			this.generator = new SegmentChainId(new IdSegmentDistributor.Atomic(STEP));
		}

	}

	/** CosId 2.13.3's {@code DefaultSegmentId}: one segment, the next one fetched under a lock. */
	@State(Scope.Benchmark)
	public static class CosIdDefault {

		DefaultSegmentId generator;

		@Setup(Level.Trial)
		public void setUp() {
			this.generator = new DefaultSegmentId(new IdSegmentDistributor.Atomic(STEP));
		}

	}

	/** A plain {@link AtomicLong}. */
	@State(Scope.Benchmark)
	public static class Counter {

		final AtomicLong counter = new AtomicLong();

	}

	/** The benchmarks with one thread. */
	@Threads(1)
	public static class OneThread extends SegmentBenchmarks {

	}

	/** The benchmarks with two threads calling one generator. */
	@Threads(2)
	public static class TwoThreads extends SegmentBenchmarks {

	}

}
