package io.github.idgen.codes;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.testsupport.IssuedIds;
import io.github.idgen.testsupport.LincheckRuns;
import io.github.idgen.testsupport.MovableClock;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Lincheck runs {@link BusinessNumbers#next()} and {@link BusinessNumbers#next(int)} on real threads
 * while the clock passes midnight, and steps back over it and forward again (an NTP correction right
 * at the change of day): each change of day switches the code to the day's segment tag and drops the
 * other day's service, which callers that read the old period may still be using. Promised: no number
 * twice; within a day, every number above the numbers of that day of the calls that returned before
 * its call began; every number of the day the clock showed, when it did not move during the call.
 * <p>
 * Stress mode only: the numbers come from {@link SegmentIdServices}, whose ranges are loaded on
 * threads of its own and awaited with timed waits, which the model checker neither times out nor
 * (for threads started before a scenario) schedules; the segment cores get their own model checks.
 */
@Param(name = "count", gen = IntGen.class, conf = "1:4")
public class BusinessNumbersLincheckTests {

	private static final Instant BEFORE_MIDNIGHT = Instant.parse("2026-11-24T23:59:59.999Z");

	/** The registry of the previous invocation, closed when the next one starts: its threads end. */
	private static final AtomicReference<SegmentIdServices> previous = new AtomicReference<>();

	private final MovableClock clock = new MovableClock(BEFORE_MIDNIGHT);

	private final Tags store = new Tags();

	private final SegmentIdServices services;

	private final BusinessNumbers numbers;

	/** Counts the steps of the clock, each raised after it. */
	private volatile int clockSteps;

	/** The numbers of each day, by day. */
	private final Map<String, IssuedIds> days = new HashMap<>();

	public BusinessNumbersLincheckTests() {
		// three numbers a range: ranges run out and load while the day changes
		this.store.add("orders", 3);
		this.services = new SegmentIdServices(this.store, SegmentSettings.DEFAULTS);
		SegmentIdServices before = previous.getAndSet(this.services);
		if (before != null) {
			before.close();
		}
		this.numbers = new BusinessNumbers("orders", "orders", CodePattern.parse("ORD{yyyyMMdd}{seq:4}"),
				ResetPeriod.DAILY, ZoneOffset.UTC, this.services, this.store, this.clock);
	}

	@Operation
	public void next() {
		call("next()", () -> List.of(this.numbers.next()));
	}

	@Operation
	public void nextBatch(@Param(name = "count") int count) {
		call("next(" + count + ")", () -> this.numbers.next(count));
	}

	@Operation(nonParallelGroup = "clock")
	public void midnightPasses() {
		this.clock.set(BEFORE_MIDNIGHT.plusMillis(1));
		this.clockSteps++;
	}

	@Operation(nonParallelGroup = "clock")
	public void clockStepsBackOverMidnight() {
		this.clock.set(BEFORE_MIDNIGHT);
		this.clockSteps++;
	}

	@Validate
	public void promisesKept() {
		synchronized (this.days) {
			this.days.values().forEach(IssuedIds::check);
		}
	}

	private void call(String name, Supplier<List<String>> call) {
		Map<String, Long> floors = new HashMap<>();
		synchronized (this.days) {
			this.days.forEach((day, ids) -> floors.put(day, ids.floor()));
		}
		int stepsBefore = this.clockSteps;
		String dayBefore = day(this.clock.instant());
		List<String> issued;
		try {
			issued = call.get();
		}
		catch (RuntimeException ex) {
			day(dayBefore).violation(name + " threw " + ex);
			return;
		}
		boolean clockStood = this.clockSteps == stepsBefore;
		for (String number : issued) {
			String day = number.substring(3, 11);
			IssuedIds ids = day(day);
			if (clockStood && !day.equals(dayBefore)) {
				ids.violation(name + " returned " + number + " while the clock showed " + dayBefore);
			}
			ids.issued(floors.getOrDefault(day, Long.MIN_VALUE), Long.parseLong(number.substring(11)), name);
		}
	}

	private static String day(Instant instant) {
		return instant.atZone(ZoneOffset.UTC).toLocalDate().toString().replace("-", "");
	}

	private IssuedIds day(String day) {
		synchronized (this.days) {
			return this.days.computeIfAbsent(day, (d) -> new IssuedIds());
		}
	}

	@Test
	void stress() {
		LincheckRuns.stress(6, 120).check(getClass());
	}

	/** Tags in memory, each a counter and a step; a tag is created like another as the JDBC store does. */
	private static final class Tags implements SegmentStore {

		private final Map<String, long[]> tags = new HashMap<>();

		synchronized void add(String tag, int step) {
			this.tags.put(tag, new long[] { 0, step });
		}

		@Override
		public synchronized SegmentRange allocate(String tag, int requestedStep) {
			long[] row = row(tag);
			return allocateExactly(tag, (int) Math.max(requestedStep, row[1]));
		}

		@Override
		public synchronized SegmentRange allocateExactly(String tag, int size) {
			long[] row = row(tag);
			long first = row[0] + 1;
			row[0] += size;
			return new SegmentRange(tag, first, row[0], (int) row[1], Long.MAX_VALUE);
		}

		@Override
		public synchronized boolean createTagLike(String tag, String template, long maxLimitId, String description) {
			return this.tags.putIfAbsent(tag, new long[] { 0, row(template)[1] }) == null;
		}

		private long[] row(String tag) {
			long[] row = this.tags.get(tag);
			if (row == null) {
				throw new UnknownSegmentTagException(tag, describe());
			}
			return row;
		}

		@Override
		public String describe() {
			return "memory";
		}

	}

}
