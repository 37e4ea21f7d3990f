package io.github.idgen.autoconfigure.codes;

import java.time.Clock;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentTagsCheck;
import io.github.idgen.codes.BusinessNumbers;
import io.github.idgen.codes.CodePattern;
import io.github.idgen.codes.Codes;
import io.github.idgen.metrics.IdgenCodeMetrics;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentStore;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link Codes}: the business number codes of {@code xxx.common.codes.<name>.*}, each over a segment
 * tag of the context's {@link SegmentStore}, served by its {@link SegmentIdServices} (so each period's
 * tag shows in the segment health, endpoint and meters like any tag), and meters per code. Only with
 * segment ids on ({@code xxx.common.segment-enabled=true}); the periods follow the system clock.
 */
@AutoConfiguration(after = SegmentIdServicesAutoConfiguration.class,
		afterName = "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnSwitch("xxx.common.segment-enabled")
@ConditionalOnBean({ SegmentIdServices.class, SegmentStore.class })
@EnableConfigurationProperties(CodesProperties.class)
public final class CodesAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	Codes codes(CodesProperties properties, SegmentIdServices services, SegmentStore store) {
		Map<String, BusinessNumbers> codes = new LinkedHashMap<>();
		// validated when bound: every value is there and good
		properties.getCodes().forEach((name, code) -> codes.put(name, new BusinessNumbers(name,
				Objects.requireNonNull(code.getTag()), CodePattern.parse(Objects.requireNonNull(code.getPattern())),
				code.getReset(), ZoneId.of(code.getZone()), services, store, Clock.systemUTC())));
		return new Codes(codes);
	}

	@Bean
	SegmentTagsCheck codeTagsCheck(CodesProperties properties, SegmentStore store) {
		return new SegmentTagsCheck(store, "the business number codes", () -> {
			Map<String, String> tags = new LinkedHashMap<>();
			properties.getCodes()
				.forEach((name, code) -> tags.put("xxx.common.codes." + name + ".tag", Objects.requireNonNull(code.getTag())));
			return tags;
		});
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	@ConditionalOnBean(MeterRegistry.class)
	static final class MetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		IdgenCodeMetrics idgenCodeMetrics(Codes codes) {
			return new IdgenCodeMetrics(codes);
		}

	}

}
