package io.github.idgen.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;

import io.github.idgen.text.IdTextCodec;
import me.ahoo.cosid.converter.Radix36IdConverter;
import me.ahoo.cosid.converter.Radix62IdConverter;
import me.ahoo.cosid.converter.RadixIdConverter;

/**
 * CPU time per encode, decode and round trip of {@link IdTextBenchmarks}' codecs, from the thread's
 * CPU clock: unlike JMH's wall-clock figures it does not grow while other processes have the CPU.
 * Eight rounds of 2,000,000 calls of each; the first rounds include JIT warm-up. Run with
 * {@code java -cp benchmarks.jar io.github.idgen.benchmarks.IdTextCpuTime}.
 */
public final class IdTextCpuTime {

	private static final int CALLS = 2_000_000;

	private static final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

	private static long sink;

	private IdTextCpuTime() {
	}

	public static void main(String[] args) {
		IdTextCodec orders = IdTextCodec.base62().withPrefix("ord_");
		RadixIdConverter cosid62 = Radix62IdConverter.PAD_START;
		RadixIdConverter cosid36 = Radix36IdConverter.PAD_START;
		for (int round = 1; round <= 8; round++) {
			System.out.printf("round %d (ns of CPU per call: encode / decode / round trip)%n", round);
			measure("idgen base62", IdTextCodec.base62()::encode, IdTextCodec.base62()::decode);
			measure("idgen base36", IdTextCodec.base36()::encode, IdTextCodec.base36()::decode);
			measure("idgen base62 ord_", orders::encode, orders::decode);
			measure("cosid base62", cosid62::asString, cosid62::asLong);
			measure("cosid base36", cosid36::asString, cosid36::asLong);
		}
		// keeps the calls from being optimised away
		System.out.println("checksum " + sink);
	}

	private static void measure(String name, LongFunction<String> encode, ToLongFunction<String> decode) {
		long id = IdTextBenchmarks.Texts.FIRST_ID;
		String[] texts = new String[1024];
		for (int i = 0; i < texts.length; i++) {
			texts[i] = encode.apply(id + i * 4096L);
		}
		long sum = 0;
		long start = threads.getCurrentThreadCpuTime();
		for (int i = 0; i < CALLS; i++) {
			sum += encode.apply(++id).charAt(10);
		}
		long encoded = threads.getCurrentThreadCpuTime();
		for (int i = 0; i < CALLS; i++) {
			sum += decode.applyAsLong(texts[i & 1023]);
		}
		long decoded = threads.getCurrentThreadCpuTime();
		for (int i = 0; i < CALLS; i++) {
			sum += decode.applyAsLong(encode.apply(++id));
		}
		long roundTrips = threads.getCurrentThreadCpuTime();
		sink += sum;
		System.out.printf("  %-18s %6.1f / %6.1f / %6.1f%n", name, (encoded - start) / (double) CALLS,
				(decoded - encoded) / (double) CALLS, (roundTrips - decoded) / (double) CALLS);
	}

}
