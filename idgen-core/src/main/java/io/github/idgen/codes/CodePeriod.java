package io.github.idgen.codes;

import io.github.idgen.segment.SegmentIdService;
import org.jspecify.annotations.Nullable;

/**
 * One period of a code as it is served: when it starts and ends (epoch milliseconds, end excluded),
 * its segment tag and service, and its text around the sequence, ready to copy.
 */
final class CodePeriod {

	/** Before the first number: no time falls in it. */
	static final CodePeriod NONE = new CodePeriod(0, 0, "", "", new CodePattern.Texts("", ""), null, 1);

	final long startMillis;

	final long endMillis;

	final String tag;

	/** How the period is written in its tag; empty for a code that never resets. */
	final String key;

	private final @Nullable SegmentIdService ids;

	private final char[] prefix;

	private final char[] suffix;

	private final int width;

	CodePeriod(long startMillis, long endMillis, String tag, String key, CodePattern.Texts texts,
			@Nullable SegmentIdService ids, int width) {
		this.startMillis = startMillis;
		this.endMillis = endMillis;
		this.tag = tag;
		this.key = key;
		this.ids = ids;
		this.prefix = texts.prefix().toCharArray();
		this.suffix = texts.suffix().toCharArray();
		this.width = width;
	}

	boolean contains(long millis) {
		return millis >= this.startMillis && millis < this.endMillis;
	}

	SegmentIdService ids() {
		SegmentIdService ids = this.ids;
		if (ids == null) {
			throw new IllegalStateException("no period yet");
		}
		return ids;
	}

	/** The number of a sequence value that fits the width. */
	String format(long sequence) {
		char[] number = new char[this.prefix.length + this.width + this.suffix.length];
		System.arraycopy(this.prefix, 0, number, 0, this.prefix.length);
		long rest = sequence;
		for (int i = this.prefix.length + this.width - 1; i >= this.prefix.length; i--) {
			number[i] = (char) ('0' + rest % 10);
			rest /= 10;
		}
		System.arraycopy(this.suffix, 0, number, this.prefix.length + this.width, this.suffix.length);
		return new String(number);
	}

}
