package io.github.idgen.codes;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;

/**
 * When the sequence of a business number starts again at 1. Each period of a code has its own
 * segment tag, {@code <tag>:<period>}, the period written as {@link #key(LocalDate)} says;
 * {@link #NEVER} uses the code's own tag.
 */
public enum ResetPeriod {

	/** The sequence never restarts: the code's own tag, no period. */
	NEVER(""),

	/** A new sequence every day, from midnight in the code's zone; periods {@code yyyyMMdd}. */
	DAILY("yyyyMMdd"),

	/** A new sequence every month; periods {@code yyyyMM}. */
	MONTHLY("yyyyMM"),

	/** A new sequence every year; periods {@code yyyy}. */
	YEARLY("yyyy");

	private final DateTimeFormatter keyFormat;

	/** One character per pattern letter: every field of the key patterns is numeric and fixed-width. */
	private final int keyLength;

	ResetPeriod(String keyPattern) {
		this.keyFormat = DateTimeFormatter.ofPattern(keyPattern);
		this.keyLength = keyPattern.length();
	}

	/**
	 * Returns the first day of the period that a day falls in.
	 * @param day a day in the code's zone
	 * @return the period's first day; the day itself for {@link #NEVER}
	 */
	public LocalDate start(LocalDate day) {
		return switch (this) {
			case NEVER, DAILY -> day;
			case MONTHLY -> day.withDayOfMonth(1);
			case YEARLY -> day.withDayOfYear(1);
		};
	}

	/**
	 * Returns the first day of the period after the one that starts on a day.
	 * @param start a period's first day
	 * @return the next period's first day
	 * @throws IllegalStateException for {@link #NEVER}, which has one period
	 */
	public LocalDate next(LocalDate start) {
		return switch (this) {
			case NEVER -> throw new IllegalStateException("reset 'never' has no next period");
			case DAILY -> start.plusDays(1);
			case MONTHLY -> start.plusMonths(1);
			case YEARLY -> start.plusYears(1);
		};
	}

	/**
	 * Returns how a period is written in its segment tag.
	 * @param start the period's first day
	 * @return for example {@code 20261124} (daily), {@code 202611} (monthly), {@code 2026} (yearly)
	 */
	public String key(LocalDate start) {
		return (this != NEVER) ? this.keyFormat.format(start) : "";
	}

	/**
	 * Returns the length of {@link #key(LocalDate)} for years of four digits.
	 * @return 8, 6, 4, or 0 for {@link #NEVER}
	 */
	public int keyLength() {
		return this.keyLength;
	}

	/**
	 * Returns how many characters a period adds to the code's tag: {@code ':'} and the key.
	 * @return 9, 7, 5, or 0 for {@link #NEVER}, which uses the tag itself
	 */
	public int tagSuffixLength() {
		return (this != NEVER) ? 1 + this.keyLength : 0;
	}

}
