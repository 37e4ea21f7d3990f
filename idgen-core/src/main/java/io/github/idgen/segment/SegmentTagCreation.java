package io.github.idgen.segment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * What {@link SegmentStore#createTag} did: created the tag's record, or found one, whose settings
 * are then compared with the ones asked for. A record found is never changed.
 *
 * @param tag the tag
 * @param created whether this call created the record
 * @param differences how a record found differs from the settings asked for, empty if it was created
 * or is alike
 */
public record SegmentTagCreation(String tag, boolean created, List<Difference> differences) {

	public SegmentTagCreation {
		differences = List.copyOf(differences);
	}

	/**
	 * Returns the outcome of a creation.
	 * @param tag the tag
	 * @return a record created
	 */
	public static SegmentTagCreation created(String tag) {
		return new SegmentTagCreation(tag, true, List.of());
	}

	/**
	 * Compares a record that exists with the settings asked for. {@code max_id} is not compared: it moves
	 * with every allocation. A description is compared only if one was asked for.
	 * @param tag the tag
	 * @param asked the settings asked for
	 * @param record the record's values by column or field name ({@code step}, {@code max_limit_id},
	 * {@code business_id}, {@code business_bits}, {@code shard_bits}, {@code description}), as text; a
	 * missing one or null has the default (no limit, 0, no description)
	 * @return a record found
	 */
	public static SegmentTagCreation found(String tag, SegmentTagSettings asked, Map<String, @Nullable String> record) {
		List<Difference> differences = new ArrayList<>();
		SegmentComposition composition = asked.composition();
		compare(differences, "step", record.get("step"), null, asked.step());
		compare(differences, "max_limit_id", record.get("max_limit_id"), Long.MAX_VALUE, asked.maxLimitId());
		compare(differences, "business_id", record.get("business_id"), 0L, composition.businessId());
		compare(differences, "business_bits", record.get("business_bits"), 0L, composition.businessBits());
		compare(differences, "shard_bits", record.get("shard_bits"), 0L, composition.shardBits());
		String description = record.get("description");
		if (asked.description() != null && !asked.description().equals(description)) {
			differences.add(new Difference("description", (description != null) ? "'" + description + "'" : "none",
					"'" + asked.description() + "'"));
		}
		return new SegmentTagCreation(tag, false, differences);
	}

	private static void compare(List<Difference> differences, String name, @Nullable String stored,
			@Nullable Long absent, long asked) {
		String value = (stored != null) ? stored.trim() : (absent != null) ? absent.toString() : null;
		if (value == null) {
			differences.add(new Difference(name, "missing", Long.toString(asked)));
			return;
		}
		try {
			if (Long.parseLong(value) == asked) {
				return;
			}
		}
		catch (NumberFormatException ex) {
			// a bad value differs; the allocation names it
		}
		differences.add(new Difference(name, value, Long.toString(asked)));
	}

	/**
	 * Says whether the tag's record has the settings asked for, created now or found alike.
	 * @return whether there is no difference
	 */
	public boolean isAlike() {
		return this.differences.isEmpty();
	}

	/**
	 * One setting in which a record found differs from what was asked for.
	 *
	 * @param setting the column or field, such as {@code step}
	 * @param stored the record's value, as text
	 * @param asked the value asked for, as text
	 */
	public record Difference(String setting, String stored, String asked) {

		public Difference {
			Objects.requireNonNull(setting, "setting");
		}

		/** Such as {@code step 500 instead of 1000}. */
		@Override
		public String toString() {
			return this.setting + " " + this.stored + " instead of " + this.asked;
		}

	}

}
