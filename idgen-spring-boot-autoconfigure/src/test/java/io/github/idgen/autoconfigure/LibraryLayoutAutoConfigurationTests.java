package io.github.idgen.autoconfigure;

import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.LibraryLayouts;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static io.github.idgen.autoconfigure.IdLayoutAutoConfigurationTests.assertRejected;
import static io.github.idgen.autoconfigure.IdServiceAutoConfigurationTests.assertPropertyRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The layouts of other id libraries as {@code xxx.common.id-layout} and
 * {@code xxx.common.generators.<name>.layout} values ({@link LibraryLayouts}); one test per preset
 * and refusal.
 */
class LibraryLayoutAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, IdGeneratorsAutoConfiguration.class));

	@Test
	void theLeafLayoutIssuesLeafsIdsWithTheWorkerIdAsOneTenBitField() {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=leaf", "xxx.common.id-worker-id=1000")
			.run((context) -> {
				IdServiceTwitter idService = context.getBean(IdServiceTwitter.class);
				assertThat(idService.getLayout()).isEqualTo(LibraryLayouts.LEAF);
				long before = System.currentTimeMillis();
				long id = idService.nextId();
				long after = System.currentTimeMillis();
				// Leaf's formula: (ms - 1288834974657) << 22 | worker id << 12 | sequence
				long millis = (id >>> 22) + 1288834974657L;
				assertThat(millis).isBetween(before, after);
				assertThat((id >>> 12) & 1023).isEqualTo(1000);
				assertThat(idService.getLayout().decompose(id).workerId()).isEqualTo(1000);
			});
	}

	@Test
	void theLeafLayoutHasNoDatacenterIdSoOneSetIsRefusedNamingTheKey() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-layout=leaf", "xxx.common.id-worker-id=5", "xxx.common.id-data-center-id=1")
			.run((context) -> assertPropertyRefused(context, "xxx.common.id-data-center-id", 1, "between 0 and 0",
					"0 datacenter bits"));
	}

	@Test
	void theMybatisPlusLayoutIsTwittersForMybatisPlusAndHutoolIds() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-layout=mybatis-plus", "xxx.common.id-worker-id=17",
					"xxx.common.id-data-center-id=3")
			.run((context) -> {
				IdServiceTwitter idService = context.getBean(IdServiceTwitter.class);
				assertThat(idService.getLayout()).isEqualTo(LibraryLayouts.MYBATIS_PLUS).isEqualTo(SnowflakeLayout.TWITTER);
				SnowflakeId id = idService.getLayout().decompose(idService.nextId());
				assertThat(id.workerId()).isEqualTo(17);
				assertThat(id.datacenterId()).isEqualTo(3);
			});
	}

	@Test
	void theYitterLayoutAsANamedGeneratorsLayoutHasSixWorkerBits() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-worker-id=21", "xxx.common.generators.legacy.layout=yitter")
			.run((context) -> {
				IdGenerators generators = context.getBean(IdGenerators.class);
				assertThat(generators.layout("legacy")).isEqualTo(LibraryLayouts.YITTER);
				long id = generators.get("legacy").nextId();
				// Yitter's formula: (ms - 1582136402000) << 12 | worker id << 6 | sequence
				assertThat((id >>> 6) & 63).isEqualTo(21);
				assertThat((id >>> 12) + 1582136402000L).isCloseTo(System.currentTimeMillis(),
						within(1_000L));
			});
	}

	@Test
	void aWorkerIdAboveTheYitterLayoutsSixBitsIsRefusedNamingTheKey() {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=yitter", "xxx.common.id-worker-id=64")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.id-worker-id")
				.hasMessageContaining("63"));
	}

	@Test
	void theSonyflakeLayoutIssuesIdsWithTheMachineIdInTheLowestSixteenBits() {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=sonyflake", "xxx.common.id-worker-id=65535")
			.run((context) -> {
				IdServiceTwitter idService = context.getBean(IdServiceTwitter.class);
				assertThat(idService.getLayout()).isEqualTo(LibraryLayouts.SONYFLAKE);
				long id = idService.nextId();
				assertThat(id & 0xFFFF).isEqualTo(65535);
				// Sonyflake's formula: 10 ms units since 2014-09-01 << 24 | sequence << 16 | machine id
				assertThat((id >>> 24) * 10 + 1409529600000L).isCloseTo(System.currentTimeMillis(), within(1_000L));
			});
	}

	@Test
	void theUidGeneratorLayoutFailsStartUpNamingTheDateItRanOutAndTheFix() {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=uid-generator", "xxx.common.id-worker-id=1")
			.run((context) -> assertRejected(context, "idLayout", "xxx.common.id-layout = uid-generator issues no id:"
					+ " the 28 timestamp bits of 1 s of uid-generator's default layout ran out at 2024-11-20T13:24:15Z"
					+ " (its ids decode in Java with LibraryLayouts.UID_GENERATOR): choose a layout whose ids today are"
					+ " above the largest uid-generator id your tables hold, such as xxx.common.id-layout=custom with"
					+ " more timestamp bits."));
	}

}
