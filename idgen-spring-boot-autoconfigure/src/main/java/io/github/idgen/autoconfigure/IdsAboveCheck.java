package io.github.idgen.autoconfigure;

import java.time.Instant;

import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * Stops start-up when a generator's next id would not be above the largest id already used, as
 * {@code xxx.common.ids-above[-query]} or {@code xxx.common.generators.<name>.ids-above[-query]} give
 * it: a team moving to idgen with ids in its tables must not be handed one of them again. Every id a
 * generator issues from now on is at least the smallest id of the current time unit, so that is the
 * id compared; the check reads the clock once and costs one query per {@code ids-above-query}.
 */
final class IdsAboveCheck implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(IdsAboveCheck.class);

	private final CommonProperties common;

	private final IdLayoutProperties layouts;

	private final LegacyMaximum legacy;

	private final MillisClock clock;

	IdsAboveCheck(CommonProperties common, IdLayoutProperties layouts, LegacyMaximum legacy, MillisClock clock) {
		this.common = common;
		this.layouts = layouts;
		this.legacy = legacy;
		this.clock = clock;
	}

	@Override
	public void afterSingletonsInstantiated() {
		boolean none = this.layouts.getIdsAbove() == null && this.layouts.getIdsAboveQuery() == null
				&& this.layouts.getGenerators()
					.values()
					.stream()
					.allMatch((keys) -> keys.getIdsAbove() == null && keys.getIdsAboveQuery() == null);
		if (none) {
			return;
		}
		GeneratorSettings settings = new GeneratorSettings(this.common, this.layouts);
		check("the default generator", "xxx.common.", "xxx.common.id-", this.layouts.getIdsAbove(),
				this.layouts.getIdsAboveQuery(), settings.defaultLayout());
		settings.namedGenerators().forEach((name, generator) -> {
			GeneratorProperties keys = this.layouts.getGenerators().get(name);
			String prefix = "xxx.common.generators." + name + ".";
			check("generator '" + name + "'", prefix, prefix, keys.getIdsAbove(), keys.getIdsAboveQuery(),
					generator.layout());
		});
	}

	private void check(String generator, String prefix, String layoutPrefix, @Nullable Long number,
			@Nullable String query, SnowflakeLayout layout) {
		String key = prefix + ((query != null) ? "ids-above-query" : "ids-above");
		Long above = (query != null) ? this.legacy.read(key, query) : number;
		if (above == null) {
			return;
		}
		long now = this.clock.millis();
		long smallest = layout.unitsSinceEpoch(now) << layout.timestampShift();
		String given = (query != null) ? key + " = " + query + " returned " + above : key + " = " + above;
		if (smallest <= above) {
			throw new InvalidConfigurationPropertyValueException(key, (query != null) ? query : above, given + ", and "
					+ generator + "'s ids issued now start at " + smallest + " (" + Instant.ofEpochMilli(now) + ", " + layout
					+ "): its next id would not be above " + above + ". Choose an earlier epoch (" + layoutPrefix
					+ "epoch) or a layout whose ids are larger today (" + layoutPrefix + "layout, or more timestamp bits),"
					+ " so that new ids sort after the ids already used");
		}
		logger.info(given + ": " + generator + "'s ids start above it, at " + smallest + " or more");
	}

}
