package io.github.idgen.benchmarks;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.ShardedGenerator;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * What a shard costs an id, on one thread, on the {@link Generators#uncappedClock()} (no generator
 * ever waits for a time unit, so the figures are CPU per id, not a layout's ceiling):
 * {@code nextId(int)} of a generator with 4 shard bits (Twitter's width, 8 sequence bits) against
 * {@code nextId()} of Twitter's layout, and {@code nextId(String)} with a 16-character key, whose
 * CRC-32 picks the shard. Run with {@code java -jar benchmarks.jar ShardBenchmarks -f 1 -wi 2 -i 3}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
public class ShardBenchmarks {

	/** A 16-character key, such as a user name or an e-mail's local part. */
	static final String KEY = "customer-4711-eu";

	@Benchmark
	public long twitterNextId(Generators.UncappedTwitter state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long shardedNextIdOfAShard(Sharded state) {
		// a different shard every call, as orders of many users come in
		return state.generator.nextId((state.calls++) & 15);
	}

	@Benchmark
	public long shardedNextIdOfAKey(Sharded state) {
		return state.generator.nextId(KEY);
	}

	@Benchmark
	public int shardOfAKey() {
		return Shards.ofKey(KEY, 4);
	}

	/** A generator with 4 shard bits over Twitter's layout with 8 sequence bits, uncapped. */
	@State(Scope.Thread)
	public static class Sharded {

		ShardedGenerator generator;

		int calls;

		@Setup(Level.Trial)
		public void setUp() {
			SnowflakeLayout layout = SnowflakeLayout.builder().sequenceBits(8).shardBits(4).epoch(Instant.EPOCH).build();
			IdServiceTwitter plain = IdServiceTwitter.builder()
				.layout(ShardedGenerator.plainLayout(layout))
				.workerId(1)
				.datacenterId(1)
				.clock(Generators.uncappedClock())
				.build();
			this.generator = new ShardedGenerator("orders", plain, layout);
		}

	}

}
