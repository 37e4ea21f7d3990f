package io.github.idgen.snowflake;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

import io.github.idgen.shard.Shards;
import io.github.idgen.testsupport.IssuedIds;
import io.github.idgen.testsupport.LincheckRuns;
import io.github.idgen.testsupport.SteppingClock;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StringGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Lincheck explores the interleavings of {@link ShardedGenerator#nextId(int)},
 * {@link ShardedGenerator#nextIds(int, int)} and {@link ShardedGenerator#nextId(String)} across shards,
 * over a generator whose clock passes time at every reading and steps back within the tolerance.
 * Promised: every id carries the shard asked for in its lowest bits; every id once, above every id of
 * the calls that returned before its call began, whatever shards they asked for (so, per shard,
 * unique and increasing); and no call refused.
 */
@Param(name = "shard", gen = IntGen.class, conf = "0:3")
@Param(name = "count", gen = IntGen.class, conf = "1:4")
@Param(name = "key", gen = StringGen.class, conf = "3:ab")
@Param(name = "back", gen = IntGen.class, conf = "1:3")
public class ShardedGeneratorLincheckTests {

	/** 2 shard bits and 2 sequence bits: four ids a millisecond, whatever their shards. */
	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().sequenceBits(2).shardBits(2).build();

	private final SteppingClock clock = new SteppingClock(LayoutArbitraries.NOW, 250_000);

	private final ShardedGenerator generator = new ShardedGenerator("orders", IdServiceTwitter.builder()
		.layout(ShardedGenerator.plainLayout(LAYOUT))
		.workerId(3)
		.datacenterId(1)
		.clockBackwardsTolerance(Duration.ofMillis(5))
		.clock(this.clock)
		.build(), LAYOUT);

	private final IssuedIds ids = new IssuedIds();

	@Operation
	public void nextId(@Param(name = "shard") int shard) {
		call("nextId(" + shard + ")", shard, () -> List.of(this.generator.nextId(shard)));
	}

	@Operation
	public void nextIds(@Param(name = "shard") int shard, @Param(name = "count") int count) {
		call("nextIds(" + shard + ", " + count + ")", shard, () -> this.generator.nextIds(shard, count));
	}

	@Operation
	public void nextIdOfKey(@Param(name = "key") String key) {
		int shard = Shards.ofKey(key, LAYOUT.shardBits());
		call("nextId(\"" + key + "\")", shard, () -> List.of(this.generator.nextId(key)));
	}

	@Operation
	public void clockStepsBack(@Param(name = "back") int millis) {
		this.clock.stepBack(millis);
	}

	@Validate
	public void promisesKept() {
		this.ids.check();
	}

	private void call(String name, int shard, Supplier<Collection<Long>> call) {
		long floor = this.ids.floor();
		Collection<Long> issued;
		try {
			issued = call.get();
		}
		catch (RuntimeException ex) {
			this.ids.violation(name + " threw " + ex);
			return;
		}
		for (long id : issued) {
			if (this.generator.shardOf(id) != shard || (id & 3) != shard) {
				this.ids.violation(name + " returned " + id + " of shard " + this.generator.shardOf(id));
			}
		}
		this.ids.issued(floor, issued, name);
	}

	@Test
	void modelChecking() {
		LincheckRuns.modelChecking(4, 150).check(getClass());
	}

	@Test
	void stress() {
		LincheckRuns.stress(6, 1_000).check(getClass());
	}

}
