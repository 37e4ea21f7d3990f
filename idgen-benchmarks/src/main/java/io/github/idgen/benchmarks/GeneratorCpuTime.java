package io.github.idgen.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SequenceStart;

/**
 * CPU time per {@link IdServiceTwitter#nextId()} below the ceiling, from the thread's CPU clock:
 * unlike {@link IdBenchmarks}' wall-clock figures it does not drop when other processes share the
 * CPUs, so a regression of a few nanoseconds shows even on a busy machine. The generators of
 * {@link Generators}' {@code Uncapped*} states (Twitter's layout with both sequence starts, the
 * JavaScript-safe one), twelve rounds of two million ids each; the median of the last eight, after
 * JIT warm-up. Run with {@code java -cp benchmarks.jar io.github.idgen.benchmarks.GeneratorCpuTime}.
 */
public final class GeneratorCpuTime {

	private static final int CALLS = 2_000_000;

	private GeneratorCpuTime() {
	}

	public static void main(String[] args) {
		Map<String, IdServiceTwitter> generators = new LinkedHashMap<>();
		generators.put("twitter", Generators.uncappedTwitter(SequenceStart.ZERO));
		generators.put("twitter, rotate", Generators.uncappedTwitter(SequenceStart.ROTATE));
		long origin = System.nanoTime();
		generators.put("javascript-safe", Generators.javascriptSafe(() -> System.nanoTime() - origin + 1));
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		long sink = 0;
		for (Map.Entry<String, IdServiceTwitter> entry : generators.entrySet()) {
			double[] nanos = new double[12];
			for (int round = 0; round < nanos.length; round++) {
				long start = threads.getCurrentThreadCpuTime();
				for (int i = 0; i < CALLS; i++) {
					sink += entry.getValue().nextId();
				}
				nanos[round] = (threads.getCurrentThreadCpuTime() - start) / (double) CALLS;
			}
			double[] warm = Arrays.copyOfRange(nanos, 4, nanos.length);
			Arrays.sort(warm);
			System.out.printf("%-16s %.1f ns of CPU per id (median; %.1f to %.1f)%n", entry.getKey(),
					(warm[3] + warm[4]) / 2, warm[0], warm[warm.length - 1]);
		}
		// keeps the calls from being optimised away
		System.out.println("checksum " + sink);
	}

}
