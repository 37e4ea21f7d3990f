package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.InvalidLayoutException;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SequenceStart;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.snowflake.SnowflakeLayoutBuilder;
import org.jspecify.annotations.Nullable;

/**
 * The layout keys of one generator, the default one ({@code xxx.common.id-*}) or a named one
 * ({@code xxx.common.generators.<name>.*}), turned into a {@link SnowflakeLayout}: every refusal of
 * the layout (an {@link InvalidLayoutException} names the parameter) becomes a {@link Refusal} that
 * names the key the user wrote, its value and the fix.
 *
 * @param keys the values
 * @param keyPrefix the keys' prefix, such as {@code xxx.common.id-} or {@code xxx.common.generators.js.}
 * @param fieldPrefix the fields' prefix in the bound object, such as {@code id} or {@code generators[js].}
 */
record LayoutKeys(GeneratorProperties keys, String keyPrefix, String fieldPrefix) {

	/**
	 * Builds the layout.
	 * @return the layout in force, with the epoch set or the layout's own
	 * @throws Refusal naming the key of the first value the layout refuses
	 */
	SnowflakeLayout layout() {
		IdLayout chosen = this.keys.getLayout();
		Map<String, @Nullable Object> custom = customValues();
		if (chosen != IdLayout.CUSTOM) {
			for (Map.Entry<String, @Nullable Object> value : custom.entrySet()) {
				if (value.getValue() != null) {
					Object given = (value.getValue() instanceof Duration unit) ? unit.toMillis() + "ms" : value.getValue();
					throw new Refusal(this, value.getKey(), given, "is a key of the custom layout, but "
							+ key("layout") + " is '" + kebab(chosen.name()) + "'", "set " + key("layout")
							+ "=custom to use it, or remove it");
				}
			}
		}
		if (chosen == IdLayout.UID_GENERATOR) {
			SnowflakeLayout exhausted = chosen.preset();
			throw new Refusal(this, "layout", kebab(chosen.name()), "issues no id: the " + exhausted.timestampBits()
					+ " timestamp bits of 1 s of uid-generator's default layout ran out at " + exhausted.lastTimestamp()
					+ " (its ids decode in Java with LibraryLayouts.UID_GENERATOR)", "choose a layout whose ids today are"
							+ " above the largest uid-generator id your tables hold, such as " + key("layout")
							+ "=custom with more timestamp bits");
		}
		try {
			SnowflakeLayoutBuilder builder = chosen.preset().toBuilder();
			if (this.keys.getTimeUnit() != null) {
				builder.timeUnit(this.keys.getTimeUnit());
			}
			if (this.keys.getTimestampBits() != null) {
				builder.timestampBits(this.keys.getTimestampBits());
			}
			if (this.keys.getDatacenterBits() != null) {
				builder.datacenterBits(this.keys.getDatacenterBits());
			}
			if (this.keys.getWorkerBits() != null) {
				builder.workerBits(this.keys.getWorkerBits());
			}
			if (this.keys.getSequenceBits() != null) {
				builder.sequenceBits(this.keys.getSequenceBits());
			}
			if (this.keys.getEpoch() != null) {
				builder.epoch(this.keys.getEpoch());
			}
			withShardBits(builder, chosen);
			SnowflakeLayout layout = builder.build();
			layout.checkIssuableAt(MillisClock.SYSTEM.millis());
			return layout;
		}
		catch (InvalidLayoutException ex) {
			throw new Refusal(this, ex.getParameter().builderName(), ex.getValue(), ex.getProblem(), ex.getFix());
		}
	}

	/**
	 * Builds the layout and checks the sequence start against it, as the generator will.
	 * @return the layout in force
	 * @throws Refusal naming the key of the first value refused
	 */
	SnowflakeLayout checked() {
		SnowflakeLayout layout = layout();
		try {
			this.keys.getSequenceStart().checkFits(layout);
		}
		catch (IllegalArgumentException ex) {
			// the generator's own message names the Java API (sequenceStart ROTATE), not the keys users write
			throw new Refusal(this, "sequenceStart", kebab(this.keys.getSequenceStart().name()), "does not fit the layout",
					"rotate needs at least " + SequenceStart.MIN_ROTATE_SEQUENCE_BITS + " sequence bits, the layout has "
							+ layout.sequenceBits() + ": set " + key("sequenceStart") + " to zero, or give the layout more"
							+ " sequence bits");
		}
		return layout;
	}

	/**
	 * Adds the shard bits: a preset gives them up from its sequence (keeping its width, so that
	 * javascript-safe ids stay below 2^53), a custom layout adds them to its sum.
	 */
	private void withShardBits(SnowflakeLayoutBuilder builder, IdLayout chosen) {
		Integer shardBits = this.keys.getShardBits();
		if (shardBits == null || shardBits == 0) {
			return;
		}
		builder.shardBits(shardBits);
		if (chosen == IdLayout.CUSTOM || shardBits < 0 || shardBits > Shards.MAX_SHARD_BITS) {
			// the layout's rules refuse what is out of range or over 63 bits, naming shard-bits or timestamp-bits
			return;
		}
		int sequenceBits = chosen.preset().sequenceBits();
		if (sequenceBits - shardBits < 1) {
			throw new Refusal(this, "shardBits", shardBits, "leaves no sequence bit of the " + kebab(chosen.name())
					+ " layout's " + sequenceBits + " (its shard bits come out of the sequence)",
					"choose at most " + (sequenceBits - 1) + " shard bits, or " + key("layout")
							+ "=custom with bits for both");
		}
		builder.sequenceBits(sequenceBits - shardBits);
	}

	private Map<String, @Nullable Object> customValues() {
		Map<String, @Nullable Object> values = new LinkedHashMap<>();
		values.put("timeUnit", this.keys.getTimeUnit());
		values.put("timestampBits", this.keys.getTimestampBits());
		values.put("datacenterBits", this.keys.getDatacenterBits());
		values.put("workerBits", this.keys.getWorkerBits());
		values.put("sequenceBits", this.keys.getSequenceBits());
		return values;
	}

	/**
	 * Returns the full key of a field of {@link GeneratorProperties}.
	 * @param field such as {@code timeUnit}
	 * @return such as {@code xxx.common.id-time-unit}
	 */
	String key(String field) {
		return this.keyPrefix + field.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
	}

	/**
	 * Returns the path of a field of {@link GeneratorProperties} in the bound object.
	 * @param field such as {@code timeUnit}
	 * @return such as {@code idTimeUnit}
	 */
	String field(String field) {
		return this.fieldPrefix.endsWith(".") ? this.fieldPrefix + field
				: this.fieldPrefix + Character.toUpperCase(field.charAt(0)) + field.substring(1);
	}

	static String kebab(String constant) {
		return constant.toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/**
	 * A layout key the layout refuses.
	 */
	static final class Refusal extends IllegalArgumentException {

		private static final long serialVersionUID = 1L;

		private final String field;

		private final String key;

		private final String value;

		Refusal(LayoutKeys keys, String field, Object value, String problem, @Nullable String fix) {
			super(keys.key(field) + " = " + value + " " + problem + ": " + fix + ".");
			this.field = keys.field(field);
			this.key = keys.key(field);
			this.value = String.valueOf(value);
		}

		/** @return the path of the refused field in the bound object */
		String field() {
			return this.field;
		}

		/** @return the refused key, as the user writes it */
		String key() {
			return this.key;
		}

		/** @return the refused value, as text */
		String value() {
			return this.value;
		}

	}

}
