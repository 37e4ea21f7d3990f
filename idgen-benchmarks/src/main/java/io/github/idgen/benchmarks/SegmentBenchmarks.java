package io.github.idgen.benchmarks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.snowflake.IdService;
import me.ahoo.cosid.segment.DefaultSegmentId;
import me.ahoo.cosid.segment.SegmentChainId;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Segment ids side by side with a plain {@link AtomicLong} (the floor: one atomic increment) and
 * CosId's segment generators, at one and two threads, at a fixed step: every generator takes ranges
 * of {@code step} ids from the same kind of in-memory counter ({@link MemoryRanges}; idgen's
 * registry with {@code maxStep} = step, so that its dynamic step stays put), which answers at once or,
 * with {@code pauseNanos}, after a pause that stands for a database round trip. The ranges a
 * generator took show as the secondary result {@code ranges} (per iteration, in throughput mode) and
 * per trial on the console. Run with {@code java -jar benchmarks.jar SegmentBenchmarks}; add
 * {@code -p step=1000 -p pauseNanos=500000} for a store that takes 0.5 ms per allocation.
 */
@BenchmarkMode({ Mode.Throughput, Mode.SampleTime })
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class SegmentBenchmarks {

	@Benchmark
	public long idgenSegmentForTagNextId(Idgen state, Ranges ranges) {
		return state.services.forTag(Idgen.TAG).nextId();
	}

	@Benchmark
	public long idgenSegmentHeldServiceNextId(Idgen state, Ranges ranges) {
		return state.service.nextId();
	}

	@Benchmark
	public long cosidSegmentChainId(CosIdChain state, Ranges ranges) {
		return state.generator.generate();
	}

	@Benchmark
	public long cosidDefaultSegmentId(CosIdDefault state, Ranges ranges) {
		return state.generator.generate();
	}

	@Benchmark
	public long atomicLongFloor(Counter state) {
		return state.counter.incrementAndGet();
	}

	/** The ranges of one generator, in memory. */
	@State(Scope.Benchmark)
	public abstract static class Store {

		/** Ids per range. */
		@Param({ "1000", "100000", "1000000" })
		public int step;

		/** How long each allocation takes, 0 for at once. */
		@Param({ "0" })
		public long pauseNanos;

		MemoryRanges ranges;

		void createRanges() {
			this.ranges = MemoryRanges.counted(this.step, this.pauseNanos);
		}

		@TearDown(Level.Trial)
		public void reportRanges() {
			System.out.printf("%n%,d ranges in the trial (warm-up included), %.0f µs per allocation%n", this.ranges.ranges(),
					this.ranges.meanNanos() / 1000);
		}

	}

	/** idgen's {@link SegmentIdServices} on the in-memory store, {@code maxStep} = step. */
	public static class Idgen extends Store {

		static final String TAG = "bench";

		SegmentIdServices services;

		IdService service;

		@Setup(Level.Trial)
		public void setUp() {
			createRanges();
			this.services = new SegmentIdServices(this.ranges.store(TAG),
					SegmentSettings.DEFAULTS.withMaxStep(this.step).withMaxWait(Duration.ofSeconds(10)));
			this.service = this.services.forTag(TAG);
		}

		@TearDown(Level.Trial)
		public void tearDown() {
			this.services.close();
		}

	}

	/** CosId 2.13.3's {@code SegmentChainId}: a chain of prefetched segments. */
	public static class CosIdChain extends Store {

		SegmentChainId generator;

		@Setup(Level.Trial)
		public void setUp() {
			createRanges();
			this.generator = new SegmentChainId(this.ranges.distributor());
		}

	}

	/** CosId 2.13.3's {@code DefaultSegmentId}: one segment, the next one taken by the caller under a lock. */
	public static class CosIdDefault extends Store {

		DefaultSegmentId generator;

		@Setup(Level.Trial)
		public void setUp() {
			createRanges();
			this.generator = new DefaultSegmentId(this.ranges.distributor());
		}

	}

	/**
	 * The ranges the generator took in an iteration, and the time their allocations took (with
	 * {@code pauseNanos}): JMH sums them over the threads (the first to finish reports them all) and
	 * the measured iterations.
	 */
	@State(Scope.Thread)
	@AuxCounters(AuxCounters.Type.EVENTS)
	public static class Ranges {

		public long ranges;

		public long allocationNanos;

		@Setup(Level.Iteration)
		public void reset() {
			this.ranges = 0;
			this.allocationNanos = 0;
			MemoryRanges.claim();
		}

		@TearDown(Level.Iteration)
		public void count() {
			long[] claimed = MemoryRanges.claim();
			this.ranges = claimed[0];
			this.allocationNanos = claimed[1];
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
