package io.github.idgen.autoconfigure.codes;

import io.github.idgen.codes.ResetPeriod;
import org.jspecify.annotations.Nullable;

/**
 * One business number code, under {@code xxx.common.codes.<name>.*}.
 */
public class CodeProperties {

	/**
	 * Segment tag the numbers count on: a row of the segment store. With a reset period, each period's
	 * row ('<tag>:<period>') is created like it the first time it is needed.
	 */
	private @Nullable String tag;

	/**
	 * Pattern of the numbers: literal text, date fields in braces (DateTimeFormatter patterns, such as
	 * {yyyyMMdd}) and one zero-padded sequence {seq:N} of N digits, 1 to 18, such as
	 * 'ORD{yyyyMMdd}{seq:6}'. A period holds 10^N - 1 numbers.
	 */
	private @Nullable String pattern;

	/**
	 * When the sequence starts again at 1: 'never' (the tag's own row), 'daily', 'monthly' or 'yearly'
	 * (a row per period).
	 */
	private ResetPeriod reset = ResetPeriod.NEVER;

	/**
	 * Time zone whose days, months or years are the periods, such as 'Asia/Shanghai' or '+08:00'.
	 */
	private String zone = "UTC";

	public @Nullable String getTag() {
		return this.tag;
	}

	public void setTag(@Nullable String tag) {
		this.tag = tag;
	}

	public @Nullable String getPattern() {
		return this.pattern;
	}

	public void setPattern(@Nullable String pattern) {
		this.pattern = pattern;
	}

	public ResetPeriod getReset() {
		return this.reset;
	}

	public void setReset(ResetPeriod reset) {
		this.reset = reset;
	}

	public String getZone() {
		return this.zone;
	}

	public void setZone(String zone) {
		this.zone = zone;
	}

	@Override
	public String toString() {
		// what a failed start shows as the bound value
		return "{tag=" + this.tag + ", pattern=" + this.pattern + ", reset=" + this.reset.name().toLowerCase(java.util.Locale.ROOT)
				+ ", zone=" + this.zone + "}";
	}

}
