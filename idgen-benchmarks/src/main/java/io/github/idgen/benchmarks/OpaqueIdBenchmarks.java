package io.github.idgen.benchmarks;

import java.util.concurrent.TimeUnit;

import io.github.idgen.opaque.Ff1IdCodec;
import io.github.idgen.opaque.OpaqueIdService;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What an opaque id costs: FF1 ({@link Ff1IdCodec}, AES-256 key) per id, one way and back, and
 * {@link OpaqueIdService#nextId()} over an uncapped {@code IdServiceTwitter} (so that the 4096
 * ids/ms ceiling does not hide the cost). Average time per call, one thread. Run with
 * {@code java -jar benchmarks.jar OpaqueIdBenchmarks -f 1 -wi 2 -w 2s -i 5 -r 2s}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class OpaqueIdBenchmarks {

	@Benchmark
	public long encode(Codec state) {
		return state.codec.encode(state.nextId());
	}

	@Benchmark
	public long decode(Codec state) {
		return state.codec.decode(state.nextId());
	}

	@Benchmark
	public long opaqueNextId(Opaque state) {
		return state.service.nextId();
	}

	@Benchmark
	public long plainNextId(Generators.UncappedTwitter state) {
		return state.generator.nextId();
	}

	/** A codec and a run of increasing ids, as Snowflake ids come. */
	@State(Scope.Thread)
	public static class Codec {

		Ff1IdCodec codec;

		long id;

		@Setup(Level.Trial)
		public void setUp() {
			this.codec = withBenchmarkKey();
			this.id = 1L << 60;
		}

		/** A codec with a fixed AES-256 key: FF1's cost depends on the key's length, not its value. */
		Ff1IdCodec withBenchmarkKey() {
			byte[] key = new byte[32];
			for (int i = 0; i < key.length; i++) {
				key[i] = (byte) (i * 37 + 11);
			}
			return Ff1IdCodec.withKey(key);
		}

		long nextId() {
			return ++this.id;
		}

	}

	/** {@link OpaqueIdService} over {@link Generators.UncappedTwitter}. */
	@State(Scope.Thread)
	public static class Opaque {

		OpaqueIdService service;

		@Setup(Level.Trial)
		public void setUp(Generators.UncappedTwitter twitter, Codec codec) {
			this.service = new OpaqueIdService(twitter.generator, codec.codec);
		}

	}

}
