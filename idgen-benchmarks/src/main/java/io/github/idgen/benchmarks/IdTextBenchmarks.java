package io.github.idgen.benchmarks;

import java.util.concurrent.TimeUnit;

import io.github.idgen.text.IdTextCodec;
import me.ahoo.cosid.converter.Radix36IdConverter;
import me.ahoo.cosid.converter.Radix62IdConverter;
import me.ahoo.cosid.converter.RadixIdConverter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Ids as text ({@link IdTextCodec}): encode, decode and the round trip, base62 and base36, beside
 * CosId's radix converters in their fixed-width form ({@code Radix62IdConverter.PAD_START},
 * {@code Radix36IdConverter.PAD_START}: the same widths, base62 the same texts; CosId's base36 is upper
 * case). Ids are a run of Snowflake-sized values, each call the next one, so nothing is constant;
 * decode reads texts written beforehand. Average time per call, one thread. Run with
 * {@code java -jar benchmarks.jar IdTextBenchmarks -f 1 -wi 2 -w 2s -i 3 -r 2s -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class IdTextBenchmarks {

	@Benchmark
	public String idgenEncode(Idgen state) {
		return state.codec.encode(state.nextId());
	}

	@Benchmark
	public long idgenDecode(Idgen state) {
		return state.codec.decode(state.nextText());
	}

	@Benchmark
	public long idgenRoundTrip(Idgen state) {
		return state.codec.decode(state.codec.encode(state.nextId()));
	}

	@Benchmark
	public String cosidEncode(CosId state) {
		return state.converter.asString(state.nextId());
	}

	@Benchmark
	public long cosidDecode(CosId state) {
		return state.converter.asLong(state.nextText());
	}

	@Benchmark
	public long cosidRoundTrip(CosId state) {
		return state.converter.asLong(state.converter.asString(state.nextId()));
	}

	/** A run of ids and their texts, written beforehand, to cycle through. */
	@State(Scope.Thread)
	public abstract static class Texts {

		/** Texts per run: small enough to stay in the L1 cache. */
		private static final int RUN = 1024;

		/** An id as idgen issues them in 2026. */
		static final long FIRST_ID = 2124017990742663169L;

		private final String[] texts = new String[RUN];

		private long id = FIRST_ID;

		private int next;

		void writeTexts() {
			for (int i = 0; i < RUN; i++) {
				this.texts[i] = encode(FIRST_ID + i * 4096L);
			}
		}

		abstract String encode(long id);

		long nextId() {
			return ++this.id;
		}

		String nextText() {
			this.next = (this.next + 1) & (RUN - 1);
			return this.texts[this.next];
		}

	}

	/** idgen's codec. */
	public static class Idgen extends Texts {

		/** base62, base36, or base62 with the prefix {@code ord_}. */
		@Param({ "base62", "base36", "base62-ord_" })
		public String format;

		IdTextCodec codec;

		@Setup(Level.Trial)
		public void setUp() {
			this.codec = switch (this.format) {
				case "base62" -> IdTextCodec.base62();
				case "base36" -> IdTextCodec.base36();
				case "base62-ord_" -> IdTextCodec.base62().withPrefix("ord_");
				default -> throw new IllegalArgumentException("format " + this.format);
			};
			writeTexts();
		}

		@Override
		String encode(long id) {
			return this.codec.encode(id);
		}

	}

	/** CosId's fixed-width converters. */
	public static class CosId extends Texts {

		/** base62 or base36. */
		@Param({ "base62", "base36" })
		public String format;

		RadixIdConverter converter;

		@Setup(Level.Trial)
		public void setUp() {
			boolean base62 = "base62".equals(this.format);
			this.converter = base62 ? Radix62IdConverter.PAD_START : Radix36IdConverter.PAD_START;
			writeTexts();
			// a fair comparison: the same texts (CosId's base36 is upper case)
			IdTextCodec codec = base62 ? IdTextCodec.base62() : IdTextCodec.base36();
			for (long id : new long[] { 0, 1, FIRST_ID, Long.MAX_VALUE }) {
				String ours = codec.encode(id);
				String theirs = this.converter.asString(id);
				if (!(base62 ? ours.equals(theirs) : ours.equalsIgnoreCase(theirs))) {
					throw new IllegalStateException(this.format + " of " + id + ": idgen " + ours + ", CosId " + theirs);
				}
			}
		}

		@Override
		String encode(long id) {
			return this.converter.asString(id);
		}

	}

}
