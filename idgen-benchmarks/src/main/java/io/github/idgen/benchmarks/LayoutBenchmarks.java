package io.github.idgen.benchmarks;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Threads;

/**
 * Layouts and named generators beside the default generator, in one run, with one and two threads:
 * each preset at its own ceiling (Twitter's 4,096,000 ids per second; the JavaScript-safe layout's
 * 4096, on a clock a thousand times fast, and on the real clock as a named generator), and a named
 * generator of Twitter's layout against the default one on the same lease, at the ceiling and
 * uncapped. Run with {@code java -jar benchmarks.jar LayoutBenchmarks -rf csv -rff layouts.csv}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class LayoutBenchmarks {

	@Benchmark
	public long twitterAtItsCeiling(Generators.Twitter state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long javascriptSafeThousandfold(Generators.JavascriptSafeThousandfold state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long defaultProxy(Generators.Proxy state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long namedProxy(NamedGenerators.NamedProxy state) {
		return state.named.nextId();
	}

	@Benchmark
	public long namedJavascriptSafeProxy(NamedGenerators.NamedJavascriptSafeProxy state) {
		return state.named.nextId();
	}

	@Benchmark
	public long uncappedDefaultProxy(Generators.UncappedProxy state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long uncappedNamedProxy(NamedGenerators.UncappedNamedProxy state) {
		return state.named.nextId();
	}

	/** The benchmarks with one thread. */
	@Threads(1)
	public static class OneThread extends LayoutBenchmarks {

	}

	/** The benchmarks with two threads calling one generator. */
	@Threads(2)
	public static class TwoThreads extends LayoutBenchmarks {

	}

}
