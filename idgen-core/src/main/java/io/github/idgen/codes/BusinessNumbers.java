package io.github.idgen.codes;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

import io.github.idgen.segment.SegmentIdService;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentTagExhaustedException;
import io.github.idgen.segment.SegmentTagForgottenException;
import io.github.idgen.segment.UnknownSegmentTagException;
import org.jspecify.annotations.Nullable;

/**
 * The business numbers of one code, such as {@code ORD20261124000123}: the pattern's text of the
 * current period around the next number of the period's sequence.
 * <p>
 * Each period has its own segment tag, {@code <tag>:<period>} ({@code orders:20261124}), served from
 * memory by {@link SegmentIdServices} like any tag; its sequence starts at 1. The first instance that
 * needs a period's tag creates it like the code's tag ({@link SegmentStore#createTagLike}: the same
 * step, {@code max_id} 0, and {@code max_limit_id} cut at the pattern's capacity), and instances that
 * race to do so end with the one row. Numbers are unique because each period has its own row and the
 * pattern tells periods apart ({@link CodePattern#check}); within a period each instance's numbers
 * increase. The period comes from this instance's clock: around the change two instances whose clocks
 * differ may issue numbers of both periods at once, all unique. The change of period forgets the old
 * period's tag in the registry: a caller that took the old period just before gets a number of it
 * while its service has one in memory, and else one of the new period, never the forgotten service's
 * refusal. A code that never resets uses the code's tag itself.
 * <p>
 * A period holds {@link CodePattern#capacity()} numbers; past them {@link #next()} throws
 * {@link BusinessNumbersExhaustedException} until the next period, never a wrapped or wider number.
 */
public final class BusinessNumbers {

	/** Longest segment tag, as the table's column holds. */
	public static final int MAX_TAG_LENGTH = 128;

	private static final int MAX_DESCRIPTION = 256;

	private final String name;

	private final String tag;

	private final CodePattern pattern;

	private final ResetPeriod reset;

	private final ZoneId zone;

	private final SegmentIdServices services;

	private final SegmentStore store;

	private final Clock clock;

	private final long capacity;

	/** The period being served; replaced, under {@link #switching}, when the clock leaves it. */
	private volatile CodePeriod current = CodePeriod.NONE;

	/**
	 * Held while a new period's tag is created in the store and its first range awaited: a lock, not a
	 * monitor, since a virtual thread waiting in a monitor would pin its carrier on JDK 21.
	 */
	private final ReentrantLock switching = new ReentrantLock();

	/**
	 * Creates the numbers of a code.
	 * @param name the code's name, for messages
	 * @param tag the segment tag behind it: with a reset period, each period's tag is created like it
	 * @param pattern its pattern
	 * @param reset when its sequence starts again
	 * @param zone the zone whose days, months or years are its periods
	 * @param services the segment id services that serve the periods' tags
	 * @param store the store behind {@code services}, which creates the periods' tags
	 * @param clock where the period comes from
	 * @throws IllegalArgumentException if the pattern does not suit the reset period (see
	 * {@link CodePattern#check}), or the periods' tags would be longer than {@value #MAX_TAG_LENGTH}
	 */
	public BusinessNumbers(String name, String tag, CodePattern pattern, ResetPeriod reset, ZoneId zone,
			SegmentIdServices services, SegmentStore store, Clock clock) {
		if (tag.isBlank() || tag.length() + reset.tagSuffixLength() > MAX_TAG_LENGTH) {
			throw new IllegalArgumentException("Segment tag '" + tag + "' of business number code '" + name + "' must not be"
					+ " blank, and with ':' and its period (" + reset.keyLength() + " characters) at most " + MAX_TAG_LENGTH
					+ " characters long");
		}
		pattern.check(reset, zone);
		this.name = name;
		this.tag = tag;
		this.pattern = pattern;
		this.reset = reset;
		this.zone = zone;
		this.services = Objects.requireNonNull(services, "services must not be null");
		this.store = Objects.requireNonNull(store, "store must not be null");
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		this.capacity = pattern.capacity();
	}

	/**
	 * Returns the next number of the current period.
	 * @return the number
	 * @throws BusinessNumbersExhaustedException if the period has no number left
	 * @throws io.github.idgen.segment.UnknownSegmentTagException if neither the period's tag nor the
	 * code's tag exists
	 * @throws io.github.idgen.segment.SegmentIdsUnavailableException if the store gave no range within
	 * the wait
	 */
	public String next() {
		CodePeriod period = period();
		for (;;) {
			try {
				return period.format(checked(period, period.ids().nextId()));
			}
			catch (BusinessNumbersExhaustedException ex) {
				throw ex;
			}
			catch (SegmentTagExhaustedException ex) {
				throw exhausted(period, ex);
			}
			catch (SegmentTagForgottenException ex) {
				period = periodAfterForget(period);
			}
		}
	}

	/**
	 * Returns the next numbers of the current period, all of one period.
	 * @param count how many, from 1 to {@link io.github.idgen.snowflake.IdService#MAX_BATCH_SIZE}
	 * @return the numbers, increasing
	 * @throws BusinessNumbersExhaustedException if the period has fewer numbers left
	 * @throws IllegalArgumentException if the count is out of range
	 */
	public List<String> next(int count) {
		CodePeriod period = period();
		Collection<Long> sequence;
		for (;;) {
			try {
				sequence = period.ids().nextIds(count);
				break;
			}
			catch (SegmentTagExhaustedException ex) {
				throw exhausted(period, ex);
			}
			catch (SegmentTagForgottenException ex) {
				period = periodAfterForget(period);
			}
		}
		List<String> numbers = new ArrayList<>(count);
		for (long value : sequence) {
			numbers.add(period.format(checked(period, value)));
		}
		return numbers;
	}

	/**
	 * Returns the code's name.
	 * @return the name it was configured under
	 */
	public String getName() {
		return this.name;
	}

	/**
	 * Returns the segment tag the code draws from: with a reset period, each period's tag is created
	 * like it.
	 * @return the tag it was configured with, such as {@code orders}
	 */
	public String getTag() {
		return this.tag;
	}

	/**
	 * Returns the code's pattern.
	 * @return the pattern
	 */
	public CodePattern getPattern() {
		return this.pattern;
	}

	/**
	 * Returns the segment tag of the period being served.
	 * @return for example {@code orders:20261124}; null before the first number
	 */
	public @Nullable String currentTag() {
		CodePeriod period = this.current;
		return (period != CodePeriod.NONE) ? period.tag : null;
	}

	/**
	 * Returns the largest sequence number taken from the store in the period being served: how much of
	 * the period's {@link CodePattern#capacity()} is used up, at most a range ahead of the numbers issued.
	 * @return the last id of the range being served; 0 before the first number
	 */
	public long sequenceTaken() {
		CodePeriod period = this.current;
		return (period != CodePeriod.NONE) ? period.ids().statistics().currentLastId() : 0;
	}

	private CodePeriod period() {
		CodePeriod period = this.current;
		long now = this.clock.millis();
		return period.contains(now) ? period : switchTo(now, CodePeriod.NONE);
	}

	/**
	 * The period to take a number from after the service of a period refused a caller because the
	 * registry forgot it: the caller took the old period just before a period change forgot its tag, or
	 * someone else forgot the period's tag. The caller takes the period of the clock again, on the tag's
	 * next service if it is still the same period, so it gets a number, not the refusal; each retry
	 * follows a forget, so it does not spin. Its numbers do not go back: the tag's next service starts
	 * above every id the forgotten one took.
	 */
	private CodePeriod periodAfterForget(CodePeriod refused) {
		CodePeriod period = this.current;
		long now = this.clock.millis();
		return (period != refused && period.contains(now)) ? period : switchTo(now, refused);
	}

	/**
	 * Moves to the period of a time, creating its tag if needed; the old period's service is dropped.
	 * @param forgotten a period whose service was forgotten: replaced even if it holds the time
	 */
	private CodePeriod switchTo(long now, CodePeriod forgotten) {
		this.switching.lock();
		try {
			CodePeriod old = this.current;
			if (old != forgotten && old.contains(now)) {
				return old;
			}
			CodePeriod period = periodAt(now);
			this.current = period;
			if (old != CodePeriod.NONE && !old.tag.equals(period.tag)) {
				this.services.forget(old.tag);
			}
			return period;
		}
		finally {
			this.switching.unlock();
		}
	}

	private CodePeriod periodAt(long now) {
		if (this.reset == ResetPeriod.NEVER) {
			CodePattern.Texts texts = this.pattern.texts(ZonedDateTime.ofInstant(Instant.ofEpochMilli(now), this.zone));
			return new CodePeriod(Long.MIN_VALUE, Long.MAX_VALUE, this.tag, "", texts, this.services.service(this.tag),
					this.pattern.width());
		}
		LocalDate start = this.reset.start(Instant.ofEpochMilli(now).atZone(this.zone).toLocalDate());
		ZonedDateTime from = start.atStartOfDay(this.zone);
		String key = this.reset.key(start);
		String periodTag = this.tag + ":" + key;
		return new CodePeriod(from.toInstant().toEpochMilli(), this.reset.next(start).atStartOfDay(this.zone).toInstant().toEpochMilli(),
				periodTag, key, this.pattern.texts(from), service(periodTag, key), this.pattern.width());
	}

	private SegmentIdService service(String periodTag, String key) {
		try {
			return serviceCreatingTheRow(periodTag, key);
		}
		catch (SegmentTagExhaustedException ex) {
			// also when another instance created the row meanwhile and used it up
			throw exhausted(periodTag, key, ex);
		}
	}

	private SegmentIdService serviceCreatingTheRow(String periodTag, String key) {
		try {
			return this.services.service(periodTag);
		}
		catch (UnknownSegmentTagException ex) {
			String description = "business number code '" + this.name + "', period " + key + " (" + this.pattern + ")";
			this.store.createTagLike(periodTag, this.tag, this.capacity,
					description.substring(0, Math.min(description.length(), MAX_DESCRIPTION)));
			return this.services.service(periodTag);
		}
	}

	private long checked(CodePeriod period, long sequence) {
		if (sequence > this.capacity) {
			throw exhausted(period, null);
		}
		return sequence;
	}

	private BusinessNumbersExhaustedException exhausted(CodePeriod period, @Nullable SegmentTagExhaustedException cause) {
		return exhausted(period.tag, period.key, cause);
	}

	private BusinessNumbersExhaustedException exhausted(String periodTag, String key,
			@Nullable SegmentTagExhaustedException cause) {
		String where = (this.reset != ResetPeriod.NEVER) ? "period " + key + " (segment tag '" + periodTag + "')"
				: "segment tag '" + periodTag + "'";
		String message = (cause == null || cause.getMaxLimitId() >= this.capacity)
				? "Business number code '" + this.name + "' (" + this.pattern + ") has issued all " + this.capacity
						+ " numbers its " + this.pattern.width() + "-digit sequence holds in " + where
				: "Business number code '" + this.name + "' (" + this.pattern + ") has no number left in " + where + ": "
						+ cause.getMessage();
		return new BusinessNumbersExhaustedException(this.name, message, periodTag,
				(cause != null) ? Math.min(cause.getMaxLimitId(), this.capacity) : this.capacity, cause);
	}

	@Override
	public String toString() {
		return "BusinessNumbers[" + this.name + ": " + this.pattern + ", reset " + this.reset + ", tag " + this.tag + "]";
	}

}
