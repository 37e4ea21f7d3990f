package io.github.idgen.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import io.github.idgen.opaque.Ff1IdCodec;

/**
 * CPU time per {@link Ff1IdCodec#encode(long)} and {@link Ff1IdCodec#decode(long)}, from the
 * thread's CPU clock: unlike {@link OpaqueIdBenchmarks}' wall-clock figures it does not grow when
 * other processes share the CPUs. Eight rounds of 200,000 calls each; the first rounds include JIT
 * warm-up. Run with {@code java -cp benchmarks.jar io.github.idgen.benchmarks.OpaqueIdCpuTime}.
 */
public final class OpaqueIdCpuTime {

	private static final int CALLS = 200_000;

	private OpaqueIdCpuTime() {
	}

	public static void main(String[] args) {
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		Ff1IdCodec codec = new OpaqueIdBenchmarks.Codec().withBenchmarkKey();
		long id = 1L << 60;
		long sink = 0;
		for (int round = 1; round <= 8; round++) {
			long start = threads.getCurrentThreadCpuTime();
			for (int i = 0; i < CALLS; i++) {
				sink += codec.encode(++id);
			}
			long encoded = threads.getCurrentThreadCpuTime();
			for (int i = 0; i < CALLS; i++) {
				sink += codec.decode(++id);
			}
			long decoded = threads.getCurrentThreadCpuTime();
			System.out.printf("round %d: encode %,d ns, decode %,d ns of CPU per call%n", round,
					(encoded - start) / CALLS, (decoded - encoded) / CALLS);
		}
		// keeps the calls from being optimised away
		System.out.println("checksum " + sink);
	}

}
