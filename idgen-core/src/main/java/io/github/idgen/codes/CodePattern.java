package io.github.idgen.codes;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pattern of a business number, such as {@code BIZ{yyyyMMdd}{seq:6}}: literal text, date fields
 * in braces (any {@link DateTimeFormatter} pattern, written in {@link Locale#ROOT}), and exactly one
 * sequence field {@code {seq:N}}, the sequence zero-padded to N digits (1 to 18). A period holds at
 * most {@link #capacity()} = 10^N − 1 numbers.
 * <p>
 * Numbers of different periods must never be equal, since each period restarts its sequence. So
 * {@link #check(ResetPeriod, ZoneId)} accepts a pattern for a reset period only if its date text
 * <ul>
 * <li>is the same all through each period (no field finer than the period, such as the hour in a daily
 * code),</li>
 * <li>tells the periods apart (no period's text repeats another's, such as {@code MMdd} would every
 * year, or week-based {@code YYYY} around New Year), and</li>
 * <li>has the same width in every period (so that text and sequence cannot shift into each other).</li>
 * </ul>
 * It is tested on every period from 2000 to 2030; a pattern whose text repeats only after longer,
 * such as a two-digit year after a century, passes. A code that never resets has no date fields.
 */
public final class CodePattern {

	/** Widest sequence: 10^18 − 1 still fits a {@code long}. */
	public static final int MAX_WIDTH = 18;

	private static final Pattern SEQUENCE = Pattern.compile("seq(?::(\\d+))?");

	private static final LocalDate CHECKED_FROM = LocalDate.of(2000, 1, 1);

	private static final LocalDate CHECKED_UNTIL = LocalDate.of(2031, 1, 1);

	private final String pattern;

	/** Literal texts (String) and date fields (DateTimeFormatter) before the sequence. */
	private final List<Object> beforeSequence;

	private final List<Object> afterSequence;

	private final int width;

	private CodePattern(String pattern, List<Object> beforeSequence, List<Object> afterSequence, int width) {
		this.pattern = pattern;
		this.beforeSequence = beforeSequence;
		this.afterSequence = afterSequence;
		this.width = width;
	}

	/**
	 * Parses a pattern.
	 * @param pattern for example {@code BIZ{yyyyMMdd}{seq:6}}
	 * @return the pattern
	 * @throws IllegalArgumentException naming the pattern and what is wrong with it
	 */
	public static CodePattern parse(String pattern) {
		List<Object> before = new ArrayList<>();
		List<Object> after = new ArrayList<>();
		int width = 0;
		int i = 0;
		while (i < pattern.length()) {
			char c = pattern.charAt(i);
			if (c == '}') {
				throw invalid(pattern, "has a '}' at index " + i + " that closes no '{'");
			}
			List<Object> parts = (width == 0) ? before : after;
			if (c != '{') {
				int end = i;
				while (end < pattern.length() && pattern.charAt(end) != '{' && pattern.charAt(end) != '}') {
					end++;
				}
				parts.add(pattern.substring(i, end));
				i = end;
				continue;
			}
			int close = closingBrace(pattern, i);
			String field = pattern.substring(i + 1, close);
			Matcher sequence = SEQUENCE.matcher(field);
			if (sequence.matches()) {
				if (width != 0) {
					throw invalid(pattern, "has more than one {seq:N} field");
				}
				width = width(pattern, sequence.group(1));
			}
			else {
				parts.add(dateField(pattern, field));
			}
			i = close + 1;
		}
		if (width == 0) {
			throw invalid(pattern, "has no sequence field: add {seq:N}, N digits from 1 to " + MAX_WIDTH);
		}
		return new CodePattern(pattern, List.copyOf(before), List.copyOf(after), width);
	}

	private static int closingBrace(String pattern, int open) {
		boolean quoted = false;
		for (int i = open + 1; i < pattern.length(); i++) {
			char c = pattern.charAt(i);
			if (c == '\'') {
				quoted = !quoted;
			}
			else if (!quoted && c == '{') {
				throw invalid(pattern, "has a '{' at index " + i + " inside the field opened at index " + open);
			}
			else if (!quoted && c == '}') {
				if (i == open + 1) {
					throw invalid(pattern, "has an empty field {} at index " + open);
				}
				return i;
			}
		}
		throw invalid(pattern, "has a '{' at index " + open + " that no '}' closes");
	}

	private static int width(String pattern, String digits) {
		if (digits == null) {
			throw invalid(pattern, "has {seq} without a width: write {seq:N}, N digits from 1 to " + MAX_WIDTH);
		}
		int width = (digits.length() > 2) ? Integer.MAX_VALUE : Integer.parseInt(digits);
		if (width < 1 || width > MAX_WIDTH) {
			throw invalid(pattern, "has {seq:" + digits + "}, but the width must be from 1 to " + MAX_WIDTH);
		}
		return width;
	}

	private static DateTimeFormatter dateField(String pattern, String field) {
		try {
			return DateTimeFormatter.ofPattern(field, Locale.ROOT);
		}
		catch (IllegalArgumentException ex) {
			throw invalid(pattern, "has a field {" + field + "} that is neither {seq:N} nor a DateTimeFormatter pattern ("
					+ ex.getMessage() + ")");
		}
	}

	/**
	 * Checks that numbers of different periods can never be equal (see the class description).
	 * @param reset the code's reset period
	 * @param zone the zone its periods are days, months or years of
	 * @throws IllegalArgumentException naming the pattern, the reset period and the problem
	 */
	public void check(ResetPeriod reset, ZoneId zone) {
		if (reset == ResetPeriod.NEVER) {
			if (hasDateFields()) {
				throw invalid(this.pattern, "has date fields, but reset 'never' has no periods for them: use reset"
						+ " 'daily', 'monthly' or 'yearly', or leave the date out");
			}
			return;
		}
		Map<String, LocalDate> periods = new HashMap<>();
		Texts first = texts(CHECKED_FROM.atStartOfDay(zone));
		for (LocalDate start = CHECKED_FROM; start.isBefore(CHECKED_UNTIL); start = reset.next(start)) {
			ZonedDateTime from = start.atStartOfDay(zone);
			ZonedDateTime next = reset.next(start).atStartOfDay(zone);
			Texts texts = texts(from);
			for (ZonedDateTime at : List.of(from.plus(Duration.between(from, next).dividedBy(2)), next.minusNanos(1))) {
				Texts later = texts(at);
				if (!later.equals(texts)) {
					throw invalid(this.pattern, "writes '" + texts.dateText() + "' at " + from + " but '" + later.dateText()
							+ "' at " + at + ": its date fields change within a period of reset '" + name(reset)
							+ "'; leave out fields finer than the period");
				}
			}
			if (texts.prefix().length() != first.prefix().length() || texts.suffix().length() != first.suffix().length()) {
				throw invalid(this.pattern, "writes dates of different widths ('" + first.dateText() + "', '"
						+ texts.dateText() + "'), so the text of one period could run into the sequence of another;"
						+ " use fixed-width fields such as yyyyMMdd");
			}
			LocalDate same = periods.putIfAbsent(texts.dateText(), start);
			if (same != null) {
				throw invalid(this.pattern, "writes the same date text '" + texts.dateText() + "' for the periods starting "
						+ same + " and " + start + ", so with reset '" + name(reset) + "' their numbers would repeat;"
						+ " use fields that tell every period apart, such as " + example(reset));
			}
		}
	}

	private static String name(ResetPeriod reset) {
		return reset.name().toLowerCase(Locale.ROOT);
	}

	private static String example(ResetPeriod reset) {
		return switch (reset) {
			case DAILY -> "{yyyyMMdd}";
			case MONTHLY -> "{yyyyMM}";
			default -> "{yyyy}";
		};
	}

	/**
	 * Returns whether the pattern has date fields.
	 * @return false if it is literal text and the sequence only
	 */
	public boolean hasDateFields() {
		return this.beforeSequence.stream().anyMatch(DateTimeFormatter.class::isInstance)
				|| this.afterSequence.stream().anyMatch(DateTimeFormatter.class::isInstance);
	}

	/**
	 * Returns the texts around the sequence at a time.
	 * @param at the time, in the code's zone
	 * @return the text before and after the sequence
	 */
	Texts texts(ZonedDateTime at) {
		return new Texts(render(this.beforeSequence, at), render(this.afterSequence, at));
	}

	private static String render(List<Object> parts, ZonedDateTime at) {
		StringBuilder text = new StringBuilder();
		for (Object part : parts) {
			if (part instanceof DateTimeFormatter format) {
				format.formatTo(at, text);
			}
			else {
				text.append((String) part);
			}
		}
		return text.toString();
	}

	/**
	 * Returns the number of digits of the sequence.
	 * @return N of {@code {seq:N}}
	 */
	public int width() {
		return this.width;
	}

	/**
	 * Returns how many numbers a period holds.
	 * @return 10^N − 1: the sequence runs from 1 to this
	 */
	public long capacity() {
		long capacity = 1;
		for (int i = 0; i < this.width; i++) {
			capacity *= 10;
		}
		return capacity - 1;
	}

	@Override
	public String toString() {
		return this.pattern;
	}

	private static IllegalArgumentException invalid(String pattern, String problem) {
		return new IllegalArgumentException("Business number pattern '" + pattern + "' " + problem);
	}

	/**
	 * The texts of one period around its sequence.
	 * @param prefix the text before the sequence
	 * @param suffix the text after it
	 */
	record Texts(String prefix, String suffix) {

		String dateText() {
			return this.prefix + "{seq}" + this.suffix;
		}

	}

}
