package io.github.idgen.benchmarks;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntToLongFunction;

import com.sun.management.OperatingSystemMXBean;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.snowflake.IdService;
import me.ahoo.cosid.segment.DefaultSegmentId;
import me.ahoo.cosid.segment.SegmentChainId;
import org.jspecify.annotations.Nullable;

/**
 * CPU time per id of the generators of {@link SegmentBenchmarks}, one calling thread, at fixed steps
 * of 1,000, 100,000 and 1,000,000 from an in-memory store that answers at once. The process's CPU
 * clock over the calls, so that loader and prefetch threads count too; unlike JMH's wall-clock
 * figures it does not drop when other processes share the CPUs. Ten rounds of 100 million ids per
 * generator and step, each generator in a loop of its own (a call site shared by all would not be
 * inlined); the median of the last six, after JIT warm-up. Run with
 * {@code java -cp benchmarks.jar io.github.idgen.benchmarks.SegmentCpuTime}.
 */
public final class SegmentCpuTime {

	private static final int CALLS = 100_000_000;

	private static final int ROUNDS = 10;

	private static final int WARM_UP_ROUNDS = 4;

	private static final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

	private static long sink;

	private SegmentCpuTime() {
	}

	public static void main(String[] args) {
		System.out.println("| generator | step | CPU per id, median (min..max) | ranges per million ids |");
		System.out.println("| --- | ---: | ---: | ---: |");
		AtomicLong counter = new AtomicLong();
		measure("AtomicLong.incrementAndGet()", 0, null, (calls) -> {
			long sum = 0;
			for (int i = 0; i < calls; i++) {
				sum += counter.incrementAndGet();
			}
			return sum;
		});
		for (int step : new int[] { 1_000, 100_000, 1_000_000 }) {
			MemoryRanges idgenRanges = MemoryRanges.counted(step, 0);
			try (SegmentIdServices services = new SegmentIdServices(idgenRanges.store("cpu"),
					SegmentSettings.DEFAULTS.withMaxStep(step).withMaxWait(Duration.ofSeconds(10)))) {
				IdService idgen = services.forTag("cpu");
				measure("idgen nextId() of a held tag service", step, idgenRanges, (calls) -> {
					long sum = 0;
					for (int i = 0; i < calls; i++) {
						sum += idgen.nextId();
					}
					return sum;
				});
			}
			MemoryRanges defaultRanges = MemoryRanges.counted(step, 0);
			DefaultSegmentId cosidDefault = new DefaultSegmentId(defaultRanges.distributor());
			measure("CosId DefaultSegmentId", step, defaultRanges, (calls) -> {
				long sum = 0;
				for (int i = 0; i < calls; i++) {
					sum += cosidDefault.generate();
				}
				return sum;
			});
			MemoryRanges chainRanges = MemoryRanges.counted(step, 0);
			SegmentChainId cosidChain = new SegmentChainId(chainRanges.distributor());
			measure("CosId SegmentChainId", step, chainRanges, (calls) -> {
				long sum = 0;
				for (int i = 0; i < calls; i++) {
					sum += cosidChain.generate();
				}
				return sum;
			});
		}
		// keeps the calls from being optimised away
		System.out.println();
		System.out.println("checksum " + sink);
	}

	private static void measure(String name, int step, @Nullable MemoryRanges ranges, IntToLongFunction loop) {
		double[] nanos = new double[ROUNDS];
		long rangesBefore = 0;
		for (int round = 0; round < ROUNDS; round++) {
			if (round == WARM_UP_ROUNDS && ranges != null) {
				rangesBefore = ranges.ranges();
			}
			long start = os.getProcessCpuTime();
			sink += loop.applyAsLong(CALLS);
			nanos[round] = (os.getProcessCpuTime() - start) / (double) CALLS;
		}
		double[] warm = Arrays.copyOfRange(nanos, WARM_UP_ROUNDS, ROUNDS);
		Arrays.sort(warm);
		String perMillion = (ranges != null)
				? String.format(Locale.ROOT, "%.1f", (ranges.ranges() - rangesBefore) / (warm.length * (double) CALLS / 1e6)) : "";
		System.out.printf(Locale.ROOT, "| %s | %s | %.2f ns (%.2f..%.2f) | %s |%n", name,
				(step > 0) ? String.format(Locale.ROOT, "%,d", step) : "", (warm[2] + warm[3]) / 2, warm[0],
				warm[warm.length - 1], perMillion);
	}

}
