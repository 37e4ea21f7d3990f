package io.github.idgen.segment;

import org.jspecify.annotations.Nullable;

/**
 * What a segment tag's record is created with ({@link SegmentStore#createTag}): the columns of the
 * segment table an operator would otherwise {@code INSERT}, and the fields of the Redis hash.
 *
 * @param step how many ids one allocation takes at least (the record's {@code step}), 1 or more
 * @param idsAbove the largest id already used elsewhere: the tag's first id is the sequence
 * {@code idsAbove + 1} (the record's {@code max_id}), 0 to start at 1
 * @param maxLimitId the largest id the tag may ever issue, composed (the record's {@code max_limit_id})
 * @param composition how the tag composes its ids ({@link SegmentComposition#PLAIN} for plain ids)
 * @param description what the tag's ids are for, up to 256 characters, or null for none
 */
public record SegmentTagSettings(int step, long idsAbove, long maxLimitId, SegmentComposition composition,
		@Nullable String description) {

	/** The longest description the segment table holds. */
	public static final int MAX_DESCRIPTION_LENGTH = 256;

	/**
	 * Checks the settings.
	 * @throws IllegalArgumentException naming the setting, its value and the rule, if a setting is out of
	 * range, or if no id would be left to issue (the tag would be exhausted from the start)
	 */
	public SegmentTagSettings {
		String problem = problem(step, idsAbove, maxLimitId, composition, description);
		if (problem != null) {
			throw new IllegalArgumentException("Segment tag settings have " + problem);
		}
	}

	/**
	 * Returns the settings of a plain tag with ids from 1, no limit and no description.
	 * @param step how many ids one allocation takes at least
	 * @return the settings
	 */
	public static SegmentTagSettings ofStep(int step) {
		return new SegmentTagSettings(step, 0, Long.MAX_VALUE, SegmentComposition.PLAIN, null);
	}

	/**
	 * Returns the first problem of settings, for a caller that names its own keys.
	 * @param step the step
	 * @param idsAbove the ids used already
	 * @param maxLimitId the largest id
	 * @param composition the composition
	 * @param description the description, or null
	 * @return such as {@code "step 0, but step must be at least 1"}; null if there is none
	 */
	public static @Nullable String problem(long step, long idsAbove, long maxLimitId, SegmentComposition composition,
			@Nullable String description) {
		if (step < 1 || step > Integer.MAX_VALUE) {
			return "step " + step + ", but step must be from 1 to " + Integer.MAX_VALUE;
		}
		if (idsAbove < 0) {
			return "ids above " + idsAbove + ", but it must be at least 0 (the first id is its value + 1)";
		}
		if (maxLimitId < 1) {
			return "max_limit_id " + maxLimitId + ", but max_limit_id must be at least 1";
		}
		if (composition.sequenceLimit(maxLimitId) <= idsAbove) {
			return "max_limit_id " + maxLimitId + ", which leaves no id above " + idsAbove
					+ (composition.isPlain() ? "" : " composed with " + composition)
					+ ": the tag would be exhausted from the start";
		}
		if (description != null && description.length() > MAX_DESCRIPTION_LENGTH) {
			return "a description of " + description.length() + " characters, but at most " + MAX_DESCRIPTION_LENGTH
					+ " fit";
		}
		return null;
	}

	/**
	 * Returns these settings with ids above a number.
	 * @param idsAbove the largest id already used elsewhere
	 * @return new settings
	 */
	public SegmentTagSettings withIdsAbove(long idsAbove) {
		return new SegmentTagSettings(this.step, idsAbove, this.maxLimitId, this.composition, this.description);
	}

	/**
	 * Returns these settings with a limit.
	 * @param maxLimitId the largest id the tag may issue
	 * @return new settings
	 */
	public SegmentTagSettings withMaxLimitId(long maxLimitId) {
		return new SegmentTagSettings(this.step, this.idsAbove, maxLimitId, this.composition, this.description);
	}

	/**
	 * Returns these settings with a composition.
	 * @param composition how the tag composes its ids
	 * @return new settings
	 */
	public SegmentTagSettings withComposition(SegmentComposition composition) {
		return new SegmentTagSettings(this.step, this.idsAbove, this.maxLimitId, composition, this.description);
	}

	/**
	 * Returns these settings with a description.
	 * @param description what the ids are for, or null
	 * @return new settings
	 */
	public SegmentTagSettings withDescription(@Nullable String description) {
		return new SegmentTagSettings(this.step, this.idsAbove, this.maxLimitId, this.composition, description);
	}

}
