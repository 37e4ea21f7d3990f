package io.github.idgen.benchmarks;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Threads;

/**
 * Every generator in one run, with one and with two threads sharing it; throughput (ids/s) and
 * sampled latency (ns per id). One worker id of the Snowflake layout issues at most 4096 ids per
 * millisecond, so no honest generator exceeds 4,096,000 ids/s; the {@code uncapped*} benchmarks
 * use a clock that never lets the ceiling bind, to show what an id costs in CPU. The
 * {@code javascriptSafe*} ones run the JavaScript-safe layout (1 s units, 4096 ids per second), at
 * its ceiling on a clock a thousand times fast, and uncapped.
 * <p>
 * The benchmarks live in this abstract class; {@link OneThread} and {@link TwoThreads} run them with
 * {@code @Threads(1)} and {@code @Threads(2)}. Run all with
 * {@code java -jar benchmarks.jar IdBenchmarks -rf csv -rff result.csv} and turn the CSV into the
 * tables of {@code docs/benchmarks.md} with {@link ResultTables}.
 */
@BenchmarkMode({ Mode.Throughput, Mode.SampleTime })
// one unit for both modes that keeps the CSV's six decimals precise: ids/µs and µs/id
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class IdBenchmarks {

	/** Ids per {@code nextIds} call. */
	static final int BATCH = 1000;

	@Benchmark
	public long idgenTwitterNextId(Generators.Twitter state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long idgenProxyNextId(Generators.Proxy state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long idgenJdbcProxyNextId(Generators.JdbcProxy state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long idgenProxyMeteredNextId(Generators.MeteredProxy state) {
		return state.generator.nextId();
	}

	@Benchmark
	@OperationsPerInvocation(BATCH)
	public List<Long> idgenTwitterNextIds1000(Generators.Twitter state) {
		return state.generator.nextIds(BATCH);
	}

	@Benchmark
	public long uncappedTwitterNextId(Generators.UncappedTwitter state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long uncappedTwitterRotateNextId(Generators.UncappedTwitterRotate state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long uncappedJavascriptSafeNextId(Generators.UncappedJavascriptSafe state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long javascriptSafeThousandfoldNextId(Generators.JavascriptSafeThousandfold state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long uncappedProxyNextId(Generators.UncappedProxy state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long uncappedJdbcProxyNextId(Generators.UncappedJdbcProxy state) {
		return state.generator.nextId();
	}

	@Benchmark
	@OperationsPerInvocation(BATCH)
	public List<Long> uncappedTwitterNextIds1000(Generators.UncappedTwitter state) {
		return state.generator.nextIds(BATCH);
	}

	@Benchmark
	public long hutoolNextId(Generators.Hutool state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long cosidNextId(Generators.CosId state) {
		return state.generator.generate();
	}

	@Benchmark
	public long mybatisPlusNextId(Generators.MybatisPlus state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long atomicLongFloor(Generators.Counter state) {
		return state.counter.incrementAndGet();
	}

	/** The benchmarks with one thread. */
	@Threads(1)
	public static class OneThread extends IdBenchmarks {

	}

	/** The benchmarks with two threads calling one generator. */
	@Threads(2)
	public static class TwoThreads extends IdBenchmarks {

	}

}
