package io.github.idgen.benchmarks;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.codes.BusinessNumbers;
import io.github.idgen.codes.CodePattern;
import io.github.idgen.codes.ResetPeriod;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.snowflake.IdService;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A business number from memory ({@link BusinessNumbers#next()}, {@code ORD{yyyyMMdd}{seq:10}}, reset
 * daily, the system clock), beside the segment id it is made of as decimal text, and the number made by
 * hand the usual way (today's date formatted and {@code String.format("%010d")} around the same segment
 * id). The ranges come from an in-memory store at step 100,000, so nearly every call is served from
 * memory. Average time per call, one thread. Run with
 * {@code java -jar benchmarks.jar CodeBenchmarks -f 1 -wi 2 -w 2s -i 3 -r 2s -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodeBenchmarks {

	private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd");

	@Benchmark
	public String idgenBusinessNumber(Codes state) {
		return state.code.next();
	}

	@Benchmark
	public String segmentIdAsDecimalText(Codes state) {
		return Long.toString(state.segment.nextId());
	}

	@Benchmark
	public String handMadeNumber(Codes state) {
		return "ORD" + LocalDate.now(ZoneOffset.UTC).format(DAY) + String.format("%010d", state.segment.nextId());
	}

	/** A code and a plain segment tag on one in-memory store. */
	@State(Scope.Benchmark)
	public static class Codes {

		SegmentIdServices services;

		BusinessNumbers code;

		IdService segment;

		@Setup(Level.Trial)
		public void setUp() {
			MemoryTags store = new MemoryTags();
			store.add("orders", 100_000);
			store.add("plain", 100_000);
			this.services = new SegmentIdServices(store, SegmentSettings.DEFAULTS);
			this.code = new BusinessNumbers("orders", "orders", CodePattern.parse("ORD{yyyyMMdd}{seq:10}"),
					ResetPeriod.DAILY, ZoneOffset.UTC, this.services, store, Clock.systemUTC());
			this.segment = this.services.forTag("plain");
		}

		@TearDown(Level.Trial)
		public void tearDown() {
			this.services.close();
		}

	}

	/** Tags in memory, each a counter with a step and a limit; it creates tags like others. */
	static final class MemoryTags implements SegmentStore {

		private final Map<String, Tag> tags = new ConcurrentHashMap<>();

		void add(String tag, int step) {
			this.tags.put(tag, new Tag(step, Long.MAX_VALUE));
		}

		@Override
		public SegmentRange allocate(String tag, int requestedStep) {
			Tag row = row(tag);
			return row.take(tag, Math.max(requestedStep, row.step));
		}

		@Override
		public SegmentRange allocateExactly(String tag, int size) {
			return row(tag).take(tag, size);
		}

		@Override
		public boolean createTagLike(String tag, String template, long maxLimitId, String description) {
			Tag like = row(template);
			return this.tags.putIfAbsent(tag,
					new Tag((int) Math.min(like.step, maxLimitId), Math.min(like.maxLimitId, maxLimitId))) == null;
		}

		private Tag row(String tag) {
			Tag row = this.tags.get(tag);
			if (row == null) {
				throw new UnknownSegmentTagException(tag, describe());
			}
			return row;
		}

		@Override
		public String describe() {
			return "memory";
		}

		private record Tag(int step, long maxLimitId, AtomicLong maxId) {

			Tag(int step, long maxLimitId) {
				this(step, maxLimitId, new AtomicLong());
			}

			SegmentRange take(String tag, long size) {
				for (;;) {
					long max = this.maxId.get();
					if (max >= this.maxLimitId) {
						throw new IllegalStateException("tag " + tag + " exhausted in the benchmark");
					}
					long last = (this.maxLimitId - max <= size) ? this.maxLimitId : max + size;
					if (this.maxId.compareAndSet(max, last)) {
						return new SegmentRange(tag, max + 1, last, this.step, this.maxLimitId);
					}
				}
			}

		}

	}

}
