package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import io.github.idgen.snowflake.SequenceStart;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * The shape of the ids, under {@code xxx.common.id-*}: the layout of the default generator (the
 * {@code IdService} bean) and its epoch and sequence start, and the named generators under
 * {@code xxx.common.generators.<name>.*}, each with a layout of its own (the prefix
 * {@link CommonProperties} shares). Validated when bound: a layout key the layout refuses stops start-up
 * with a message naming the key, its value and the fix. Whether the layouts have room for the node
 * ids in use is checked where those are known, when the generators are made.
 */
@ConfigurationProperties("xxx.common")
public class IdLayoutProperties implements Validator {

	private static final Pattern GENERATOR_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");

	/**
	 * Layout of the ids: 'twitter' (today's ids), 'javascript-safe' (every id below 2^53, which
	 * JavaScript reads exactly), the default of a library moved from ('leaf', 'mybatis-plus' for
	 * MyBatis-Plus and Hutool, 'yitter', 'sonyflake'; 'uid-generator' ran out in 2024 and is refused) or 'custom' (the
	 * xxx.common.id-time-unit and id-*-bits keys). Never change it for a running system: ids could
	 * repeat.
	 */
	private IdLayout idLayout = IdLayout.TWITTER;

	/**
	 * Time unit of the timestamp of the custom layout, from 1ms to 1s in whole milliseconds.
	 */
	private @Nullable Duration idTimeUnit;

	/**
	 * Bits of the timestamp of the custom layout: enough for at least 10 years at the time unit.
	 */
	private @Nullable Integer idTimestampBits;

	/**
	 * Bits of the datacenter id of the custom layout, 0 or more.
	 */
	private @Nullable Integer idDatacenterBits;

	/**
	 * Bits of the worker id of the custom layout; with the datacenter bits, room for the worker ids or
	 * node ids in use.
	 */
	private @Nullable Integer idWorkerBits;

	/**
	 * Bits of the sequence of the custom layout: a node issues up to 2^id-sequence-bits ids per time unit.
	 */
	private @Nullable Integer idSequenceBits;

	/**
	 * Instant that timestamp 0 of the ids stands for (ISO-8601, a whole millisecond in the past); the
	 * layout's own epoch if not set. Never change it for a running system: ids could repeat.
	 */
	private @Nullable Instant idEpoch;

	/**
	 * Where the sequence of a new time unit starts: 'zero' (as Twitter's Snowflake), or 'rotate' to
	 * spread the low bits of ids issued at low traffic evenly, at the cost of up to a sixteenth of a
	 * unit's ids after a quiet unit.
	 */
	private SequenceStart idSequenceStart = SequenceStart.ZERO;

	/**
	 * Largest id already used, such as the largest primary key of a table the ids go to: start-up fails
	 * if the default generator's next id would not be above it. Not checked unless set.
	 */
	private @Nullable Long idsAbove;

	/**
	 * One SQL query on the application's DataSource that returns the largest id already used, such as
	 * 'SELECT max(id) FROM orders', run once at start-up: start-up fails if the default generator's next
	 * id would not be above it. Instead of ids-above.
	 */
	private @Nullable String idsAboveQuery;

	/**
	 * Named generators, each an id space of its own with its own layout, sharing this instance's worker
	 * id; given by name by the IdGenerators bean.
	 */
	private Map<String, GeneratorProperties> generators = new LinkedHashMap<>();

	public IdLayout getIdLayout() {
		return this.idLayout;
	}

	public void setIdLayout(IdLayout idLayout) {
		this.idLayout = idLayout;
	}

	public @Nullable Duration getIdTimeUnit() {
		return this.idTimeUnit;
	}

	public void setIdTimeUnit(@Nullable Duration idTimeUnit) {
		this.idTimeUnit = idTimeUnit;
	}

	public @Nullable Integer getIdTimestampBits() {
		return this.idTimestampBits;
	}

	public void setIdTimestampBits(@Nullable Integer idTimestampBits) {
		this.idTimestampBits = idTimestampBits;
	}

	public @Nullable Integer getIdDatacenterBits() {
		return this.idDatacenterBits;
	}

	public void setIdDatacenterBits(@Nullable Integer idDatacenterBits) {
		this.idDatacenterBits = idDatacenterBits;
	}

	public @Nullable Integer getIdWorkerBits() {
		return this.idWorkerBits;
	}

	public void setIdWorkerBits(@Nullable Integer idWorkerBits) {
		this.idWorkerBits = idWorkerBits;
	}

	public @Nullable Integer getIdSequenceBits() {
		return this.idSequenceBits;
	}

	public void setIdSequenceBits(@Nullable Integer idSequenceBits) {
		this.idSequenceBits = idSequenceBits;
	}

	public @Nullable Instant getIdEpoch() {
		return this.idEpoch;
	}

	public void setIdEpoch(@Nullable Instant idEpoch) {
		this.idEpoch = idEpoch;
	}

	public SequenceStart getIdSequenceStart() {
		return this.idSequenceStart;
	}

	public void setIdSequenceStart(SequenceStart idSequenceStart) {
		this.idSequenceStart = idSequenceStart;
	}

	public @Nullable Long getIdsAbove() {
		return this.idsAbove;
	}

	public void setIdsAbove(@Nullable Long idsAbove) {
		this.idsAbove = idsAbove;
	}

	public @Nullable String getIdsAboveQuery() {
		return this.idsAboveQuery;
	}

	public void setIdsAboveQuery(@Nullable String idsAboveQuery) {
		this.idsAboveQuery = idsAboveQuery;
	}

	public Map<String, GeneratorProperties> getGenerators() {
		return this.generators;
	}

	public void setGenerators(Map<String, GeneratorProperties> generators) {
		this.generators = generators;
	}

	/**
	 * The default generator's keys, as a generator's.
	 */
	LayoutKeys defaultKeys() {
		GeneratorProperties keys = new GeneratorProperties();
		keys.setLayout(this.idLayout);
		keys.setTimeUnit(this.idTimeUnit);
		keys.setTimestampBits(this.idTimestampBits);
		keys.setDatacenterBits(this.idDatacenterBits);
		keys.setWorkerBits(this.idWorkerBits);
		keys.setSequenceBits(this.idSequenceBits);
		keys.setEpoch(this.idEpoch);
		keys.setSequenceStart(this.idSequenceStart);
		return new LayoutKeys(keys, "xxx.common.id-", "id");
	}

	/**
	 * A named generator's keys.
	 */
	LayoutKeys generatorKeys(String name, GeneratorProperties keys) {
		return new LayoutKeys(keys, "xxx.common.generators." + name + ".", "generators[" + name + "].");
	}

	@Override
	public boolean supports(Class<?> clazz) {
		return IdLayoutProperties.class.isAssignableFrom(clazz);
	}

	@Override
	public void validate(Object target, Errors errors) {
		IdLayoutProperties properties = (IdLayoutProperties) target;
		check(errors, properties.defaultKeys());
		checkIdsAbove(errors, "xxx.common.", "ids", properties.idsAbove, properties.idsAboveQuery);
		properties.generators.forEach((name, keys) -> {
			checkIdsAbove(errors, "xxx.common.generators." + name + ".", "generators[" + name + "].ids",
					keys.getIdsAbove(), keys.getIdsAboveQuery());
			if (!GENERATOR_NAME.matcher(name).matches()) {
				errors.rejectValue("generators", "name", "xxx.common.generators." + name + " names a generator '" + name
						+ "': a name is 1 to 64 letters, digits, '-' and '_', starting with a letter or digit, such as"
						+ " 'orders' or 'js'.");
			}
			else {
				check(errors, properties.generatorKeys(name, keys));
			}
		});
	}

	private static void checkIdsAbove(Errors errors, String prefix, String field, @Nullable Long number,
			@Nullable String query) {
		if (number != null && query != null) {
			errors.rejectValue(field + "AboveQuery", "idsAbove", prefix + "ids-above = " + number + " and " + prefix
					+ "ids-above-query are both set: give the largest id used one way, the number or the query.");
		}
		else if (query != null && query.isBlank()) {
			errors.rejectValue(field + "AboveQuery", "idsAbove", prefix + "ids-above-query is empty: give a query that"
					+ " returns the largest id used, such as SELECT max(id) FROM orders, or remove the key.");
		}
	}

	private static void check(Errors errors, LayoutKeys keys) {
		try {
			keys.checked();
		}
		catch (LayoutKeys.Refusal ex) {
			errors.rejectValue(ex.field(), "layout", ex.getMessage());
		}
	}

}
