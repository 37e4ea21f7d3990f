package io.github.idgen.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

import io.github.idgen.snowflake.IdService;

/**
 * CPU time per {@code nextId()} of a named generator against the default one, both
 * {@link io.github.idgen.lease.IdServiceProxy IdServiceProxies} on one live ZooKeeper lease, on the
 * uncapped clock ({@link NamedGenerators.UncappedNamedProxy}). The thread's CPU clock does not drop
 * when other processes share the CPUs, so the difference shows on a busy machine. Rounds of two
 * million ids alternate between the two so that drift hits both; after 8 rounds of warm-up, the
 * medians of 32 rounds and the median of the 32 ratios of a named round to the default round before it.
 * Run with {@code java -cp benchmarks.jar io.github.idgen.benchmarks.NamedGeneratorCpuTime}.
 */
public final class NamedGeneratorCpuTime {

	private static final int CALLS = 2_000_000;

	private static final int WARM_UP = 8;

	private static final int ROUNDS = WARM_UP + 32;

	private NamedGeneratorCpuTime() {
	}

	public static void main(String[] args) throws Exception {
		NamedGenerators.UncappedNamedProxy state = new NamedGenerators.UncappedNamedProxy();
		state.setUp();
		state.setUpNamed();
		try {
			ThreadMXBean threads = ManagementFactory.getThreadMXBean();
			double[] defaults = new double[ROUNDS];
			double[] named = new double[ROUNDS];
			long sink = 0;
			for (int round = 0; round < ROUNDS; round++) {
				defaults[round] = cpuNanosPerId(threads, state.generator);
				named[round] = cpuNanosPerId(threads, state.named);
				sink += state.generator.nextId() + state.named.nextId();
			}
			double[] ratios = new double[ROUNDS];
			for (int round = 0; round < ROUNDS; round++) {
				ratios[round] = named[round] / defaults[round];
			}
			System.out.printf("default generator %.2f ns of CPU per id (median)%n", warmMedian(defaults));
			System.out.printf("named generator   %.2f ns of CPU per id (median)%n", warmMedian(named));
			System.out.printf("named / default   %+.2f %% (median of the paired rounds)%n", 100 * (warmMedian(ratios) - 1));
			System.out.println("checksum " + sink);
		}
		finally {
			state.tearDownNamed();
			state.tearDown();
		}
	}

	private static double cpuNanosPerId(ThreadMXBean threads, IdService generator) {
		long sink = 0;
		long start = threads.getCurrentThreadCpuTime();
		for (int i = 0; i < CALLS; i++) {
			sink += generator.nextId();
		}
		double nanos = (threads.getCurrentThreadCpuTime() - start) / (double) CALLS;
		return (sink == 42) ? nanos + 1 : nanos;
	}

	private static double warmMedian(double[] rounds) {
		double[] warm = Arrays.copyOfRange(rounds, WARM_UP, ROUNDS);
		Arrays.sort(warm);
		return (warm[warm.length / 2 - 1] + warm[warm.length / 2]) / 2;
	}

}
