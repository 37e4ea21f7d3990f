package io.github.idgen.autoconfigure;

import javax.sql.DataSource;

import io.github.idgen.snowflake.MillisClock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The start-up check of {@code xxx.common.ids-above[-query]} and
 * {@code xxx.common.generators.<name>.ids-above[-query]}: an {@link IdsAboveCheck} that runs once every
 * bean is made (the tables its queries read created by then); without those keys it does nothing.
 */
@AutoConfiguration(after = IdGeneratorsAutoConfiguration.class)
@EnableConfigurationProperties({ CommonProperties.class, IdLayoutProperties.class })
public final class IdsAboveAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	static IdsAboveCheck idsAboveCheck(CommonProperties common, IdLayoutProperties layouts,
			ObjectProvider<DataSource> dataSources) {
		return new IdsAboveCheck(common, layouts, new LegacyMaximum(dataSources), MillisClock.SYSTEM);
	}

}
