package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SequenceStart;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.validation.BindValidationException;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.validation.FieldError;

import static io.github.idgen.autoconfigure.IdServiceAutoConfigurationTests.assertPropertyRefused;
import static io.github.idgen.autoconfigure.IdServiceAutoConfigurationTests.causes;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layout keys ({@code xxx.common.id-layout}, the custom keys, {@code id-epoch},
 * {@code id-sequence-start}) and the fixed ids checked against the layout in force, through the
 * fixed-mode {@link IdServiceAutoConfiguration}; one test per rule and refusal.
 */
class IdLayoutAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class));

	@Test
	void anApplicationThatSetsNoLayoutKeyGetsTodaysIdsBitForBit() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=7", "xxx.common.id-data-center-id=3")
			.run((context) -> {
				IdServiceTwitter idService = context.getBean(IdServiceTwitter.class);
				assertThat(idService.getLayout()).isEqualTo(SnowflakeLayout.TWITTER);
				assertThat(idService.getSequenceStart()).isEqualTo(SequenceStart.ZERO);
				long before = System.currentTimeMillis();
				List<Long> ids = idService.nextIds(5_000);
				long after = System.currentTimeMillis();
				for (long id : ids) {
					// the formula of idgen before layouts: (ms - 1288834974657) << 22 | dc << 17 | worker << 12 | seq
					long millis = (id >>> 22) + 1288834974657L;
					long sequence = id & 4095;
					assertThat(millis).isBetween(before, after);
					assertThat(id).isEqualTo(((millis - 1288834974657L) << 22) | (3L << 17) | (7L << 12) | sequence);
				}
				// every millisecond starts at sequence 0, as before
				assertThat(ids.get(0) & 4095).isZero();
			});
	}

	@Test
	void theJavascriptSafeLayoutGivesIdsBelow2To53CountedFromItsOwnEpoch() {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=javascript-safe", "xxx.common.id-worker-id=31",
				"xxx.common.id-data-center-id=31")
			.run((context) -> {
				IdServiceTwitter idService = context.getBean(IdServiceTwitter.class);
				assertThat(idService.getLayout()).isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE);
				assertThat(idService.getLayout().epoch()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
				assertThat(idService.nextIds(100)).allSatisfy((id) -> assertThat(id).isLessThan(1L << 53));
			});
	}

	@Test
	void anEpochSetWithAPresetLayoutReplacesThePresetsEpoch() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-layout=javascript-safe", "xxx.common.id-epoch=2025-06-01T00:00:00Z")
			.run((context) -> assertThat(context.getBean(IdServiceTwitter.class).getLayout())
				.isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE.withEpoch(Instant.parse("2025-06-01T00:00:00Z"))));
	}

	@Test
	void theCustomKeysMakeTheLayoutAndKeysLeftOutTakeTwittersValues() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-layout=custom", "xxx.common.id-time-unit=10ms",
					"xxx.common.id-timestamp-bits=38", "xxx.common.id-datacenter-bits=0", "xxx.common.id-worker-bits=12",
					"xxx.common.id-worker-id=4000")
			.run((context) -> {
				IdServiceTwitter idService = context.getBean(IdServiceTwitter.class);
				assertThat(idService.getLayout()).isEqualTo(SnowflakeLayout.builder()
					.timeUnit(Duration.ofMillis(10))
					.timestampBits(38)
					.datacenterBits(0)
					.workerBits(12)
					.build());
				assertThat(idService.getLayout().decompose(idService.nextId()).workerId()).isEqualTo(4000);
			});
	}

	@Test
	void aCustomKeyWithoutTheCustomLayoutFailsStartUpNamingTheKey() {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=javascript-safe", "xxx.common.id-sequence-bits=10")
			.run((context) -> assertRejected(context, "idSequenceBits", "xxx.common.id-sequence-bits = 10 is a key of"
					+ " the custom layout, but xxx.common.id-layout is 'javascript-safe': set xxx.common.id-layout=custom"
					+ " to use it, or remove it."));
	}

	@Test
	void aCustomKeyWithTheDefaultLayoutFailsStartUpNamingTheKey() {
		this.contextRunner.withPropertyValues("xxx.common.id-time-unit=1s")
			.run((context) -> assertRejected(context, "idTimeUnit",
					"xxx.common.id-time-unit = 1000ms is a key of the custom layout, but xxx.common.id-layout is 'twitter'"));
	}

	@Test
	void tooFewTimestampBitsFailStartUpNamingTheKeyTheValueAndTheFix() {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=custom", "xxx.common.id-timestamp-bits=30")
			.run((context) -> assertRejected(context, "idTimestampBits", "xxx.common.id-timestamp-bits = 30 at a 1ms"
					+ " time unit covers 0.0 years of timestamps, fewer than 10: give it at least 39 bits, or choose a"
					+ " coarser time unit."));
	}

	@Test
	void moreThan63BitsFailStartUpNamingTheKey() {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=custom", "xxx.common.id-sequence-bits=20")
			.run((context) -> assertRejected(context, "idTimestampBits", "xxx.common.id-timestamp-bits = 41 with 5 + 5"
					+ " + 20 datacenter, worker and sequence bits makes 71 bits, more than the 63 of a positive long"));
	}

	@Test
	void aTimeUnitAboveOneSecondFailsStartUpNamingTheKey() {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=custom", "xxx.common.id-time-unit=2s")
			.run((context) -> assertRejected(context, "idTimeUnit",
					"xxx.common.id-time-unit = 2000ms is outside 1ms to 1s: choose a time unit from 1ms to 1s."));
	}

	@Test
	void anEpochWhoseTimestampsRanOutFailsStartUpNamingTheKey() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-layout=custom", "xxx.common.id-timestamp-bits=39",
					"xxx.common.id-epoch=2000-01-01T00:00:00Z")
			.run((context) -> assertRejected(context, "idEpoch", "xxx.common.id-epoch = 2000-01-01T00:00:00Z is too"
					+ " far back for 39 timestamp bits at a 1ms time unit"));
	}

	@Test
	void aRotatingSequenceStartIsUsedByTheGenerator() {
		this.contextRunner.withPropertyValues("xxx.common.id-sequence-start=rotate")
			.run((context) -> assertThat(context.getBean(IdServiceTwitter.class).getSequenceStart())
				.isEqualTo(SequenceStart.ROTATE));
	}

	@Test
	void aRotatingSequenceStartWithTooFewSequenceBitsFailsStartUpNamingTheKey() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-layout=custom", "xxx.common.id-sequence-bits=4",
					"xxx.common.id-sequence-start=rotate")
			.run((context) -> assertRejected(context, "idSequenceStart", "xxx.common.id-sequence-start = rotate does"
					+ " not fit the layout: rotate needs at least 5 sequence bits, the layout has 4: set"
					+ " xxx.common.id-sequence-start to zero"));
	}

	@Test
	void aWorkerIdThatACustomLayoutCannotHoldFailsStartUpNamingTheLayoutsRange() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-layout=custom", "xxx.common.id-worker-bits=3", "xxx.common.id-worker-id=8")
			.run((context) -> assertPropertyRefused(context, "xxx.common.id-worker-id", 8,
					"must be between 0 and 7 (3 worker bits of the layout in force), was 8"));
	}

	@Test
	void aDatacenterIdOfALayoutWithoutDatacenterBitsFailsStartUp() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-layout=custom", "xxx.common.id-datacenter-bits=0",
					"xxx.common.id-worker-bits=10", "xxx.common.id-data-center-id=1")
			.run((context) -> assertPropertyRefused(context, "xxx.common.id-data-center-id", 1,
					"must be between 0 and 0 (0 datacenter bits of the layout in force), was 1"));
	}

	/** Asserts that binding refused exactly one field of {@link IdLayoutProperties} with the message. */
	static void assertRejected(AssertableApplicationContext context, String field, String message) {
		assertThat(context).hasFailed();
		BindValidationException validation = causes(context.getStartupFailure()).stream()
			.filter(BindValidationException.class::isInstance)
			.map(BindValidationException.class::cast)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no BindValidationException in " + context.getStartupFailure()));
		assertThat(validation.getValidationErrors().getAllErrors()).singleElement().satisfies((error) -> {
			assertThat(error).isInstanceOf(FieldError.class);
			assertThat(((FieldError) error).getField()).isEqualTo(field);
			assertThat(error.getDefaultMessage()).contains(message);
		});
	}

}
