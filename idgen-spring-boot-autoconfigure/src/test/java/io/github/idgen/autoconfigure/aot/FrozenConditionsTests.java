package io.github.idgen.autoconfigure.aot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.autoconfigure.opaque.OpaqueIdAutoConfiguration;
import io.github.idgen.autoconfigure.segment.ConditionalOnSegmentStore;
import io.github.idgen.autoconfigure.segment.SegmentStoreType;
import org.junit.jupiter.api.Test;

import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.GeneratedFiles.Kind;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.aot.AbstractAotProcessor;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.io.InputStreamSource;
import org.springframework.javapoet.ClassName;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Spring AOT decides idgen's conditions at build time: AOT processing records what each read, the
 * generated code checks it again at start, and a setting that decides otherwise stops the start.
 */
class FrozenConditionsTests {

	private static final String KEY = "3ZrsCbSAl3BgTxqwJUTZm3soqYY7Uf1ZGGjZCc0itsg=";

	@Test
	void aotProcessingWritesEachSwitchAndStoreItDecidedIntoTheGeneratedCheck() {
		String generated = generatedSources(Map.of("test.lease-enabled", "yes", "xxx.common.segment-store", "redis",
				"xxx.common.opaque-id-key", KEY));

		assertThat(generated).contains("FrozenConditions.verify(environment")
			.contains("new FrozenCondition.Switch(\"test.lease-enabled\", true, false, true)")
			.contains("new FrozenCondition.Switch(\"test.console-enabled\", true, true, null)")
			.contains("new FrozenCondition.SegmentStore(SegmentStoreType.JDBC, SegmentStoreType.REDIS)")
			.contains("new FrozenCondition.Setting(SettingTest.OPAQUE_ID_KEY_SET, \"set\")")
			// whether the key is set is frozen, never the key
			.doesNotContain(KEY);
	}

	@Test
	void anOpaqueIdKeyRemovedOrATagColumnChangedSinceTheBuildStopsTheStart() {
		MockEnvironment environment = new MockEnvironment().withProperty("xxx.common.opaque-id-key", " ")
			.withProperty("xxx.common.segment-tag-column", "tag");

		assertThatExceptionOfType(FrozenConditionsChangedException.class)
			.isThrownBy(() -> FrozenConditions.verify(environment,
					new FrozenCondition.Setting(SettingTest.OPAQUE_ID_KEY_SET, "set"),
					new FrozenCondition.Setting(SettingTest.FOREIGN_TAG_COLUMN, "'biz_tag'")))
			.satisfies((ex) -> assertThat(ex.getChanges()).containsExactly(
					"xxx.common.opaque-id-key was set when the AOT code was generated and is not set now",
					"xxx.common.segment-tag-column was 'biz_tag' when the AOT code was generated and is 'tag' now"));
		assertThatNoException().isThrownBy(() -> FrozenConditions.verify(
				new MockEnvironment().withProperty("xxx.common.segment-tag-column", "key"),
				new FrozenCondition.Setting(SettingTest.FOREIGN_TAG_COLUMN, "'biz_tag'")));
	}

	@Test
	void outsideAotProcessingNothingIsRecorded() {
		try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext(Switched.class)) {
			assertThat(context.getBeanFactory().containsSingleton(FrozenConditions.BEAN_NAME)).isFalse();
			assertThat(context.containsBean("console")).isTrue();
		}
	}

	@Test
	void aSwitchTurnedOffAfterTheBuildStopsTheStartNamingIt() {
		MockEnvironment environment = new MockEnvironment().withProperty("test.lease-enabled", "off");

		assertThatExceptionOfType(FrozenConditionsChangedException.class)
			.isThrownBy(() -> FrozenConditions.verify(environment,
					new FrozenCondition.Switch("test.lease-enabled", true, false, true),
					new FrozenCondition.Switch("test.console-enabled", true, true, null)))
			.satisfies((ex) -> assertThat(ex.getChanges())
				.containsExactly("test.lease-enabled was on when the AOT code was generated and is off now"))
			.withMessageContaining("spring.aot.enabled=true");
	}

	@Test
	void aSwitchUnsetAtBuildAndSetNowToWhatItsAbsenceMeantStarts() {
		MockEnvironment environment = new MockEnvironment().withProperty("test.console-enabled", "true")
			.withProperty("test.lease-enabled", "1");

		assertThatNoException().isThrownBy(() -> FrozenConditions.verify(environment,
				new FrozenCondition.Switch("test.console-enabled", true, true, null),
				new FrozenCondition.Switch("test.lease-enabled", true, false, true)));
	}

	@Test
	void aSwitchSetNowThatWasNotAtBuildAndDecidesOtherwiseStopsTheStart() {
		MockEnvironment environment = new MockEnvironment().withProperty("test.console-enabled", "false");

		assertThatExceptionOfType(FrozenConditionsChangedException.class)
			.isThrownBy(() -> FrozenConditions.verify(environment,
					new FrozenCondition.Switch("test.console-enabled", true, true, null)))
			.satisfies((ex) -> assertThat(ex.getChanges())
				.containsExactly("test.console-enabled was not set when the AOT code was generated and is off now"));
	}

	@Test
	void anotherSegmentStoreStopsTheStartAndTheSameStoreInAnotherSpellingDoesNot() {
		FrozenCondition[] jdbcAtBuild = { new FrozenCondition.SegmentStore(SegmentStoreType.JDBC, SegmentStoreType.JDBC),
				new FrozenCondition.SegmentStore(SegmentStoreType.REDIS, SegmentStoreType.JDBC) };

		assertThatExceptionOfType(FrozenConditionsChangedException.class)
			.isThrownBy(() -> FrozenConditions.verify(
					new MockEnvironment().withProperty("xxx.common.segment-store", "redis"), jdbcAtBuild))
			// both conditions read the one setting, named once
			.satisfies((ex) -> assertThat(ex.getChanges()).containsExactly(
					"xxx.common.segment-store was JDBC when the AOT code was generated and is REDIS now"));
		assertThatNoException().isThrownBy(() -> FrozenConditions
			.verify(new MockEnvironment().withProperty("xxx.common.segment-store", "Jdbc "), jdbcAtBuild));
	}

	@Test
	void theAnalysisSaysToStartWithoutTheAotCodeOrWithItsSettings() {
		FrozenConditionsChangedException failure = new FrozenConditionsChangedException(
				List.of("test.lease-enabled was on when the AOT code was generated and is off now"));

		FailureAnalysis analysis = new FrozenConditionsChangedFailureAnalyzer().analyze(failure);

		assertThat(analysis.getDescription()).contains("test.lease-enabled was on when the AOT code was generated");
		assertThat(analysis.getAction()).contains("start without -Dspring.aot.enabled=true")
			.contains("spring-boot:process-aot");
	}

	private static String generatedSources(Map<String, Object> properties) {
		InMemoryGeneratedFiles files = new InMemoryGeneratedFiles();
		String processing = System.getProperty(AbstractAotProcessor.AOT_PROCESSING);
		System.setProperty(AbstractAotProcessor.AOT_PROCESSING, "true");
		try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
			context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test", properties));
			context.register(Switched.class, OpaqueIdAutoConfiguration.class);
			DefaultGenerationContext generation = new DefaultGenerationContext(
					new ClassNameGenerator(ClassName.get(FrozenConditionsTests.class)), files, new RuntimeHints());
			new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
			generation.writeGeneratedContent();
		}
		finally {
			if (processing == null) {
				System.clearProperty(AbstractAotProcessor.AOT_PROCESSING);
			}
			else {
				System.setProperty(AbstractAotProcessor.AOT_PROCESSING, processing);
			}
		}
		return files.getGeneratedFiles(Kind.SOURCE)
			.values()
			.stream()
			.map(FrozenConditionsTests::read)
			.collect(Collectors.joining("\n"));
	}

	private static String read(InputStreamSource source) {
		try (var in = source.getInputStream()) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class Switched {

		@Bean
		@ConditionalOnSwitch("test.lease-enabled")
		String lease() {
			return "lease";
		}

		@Bean
		@ConditionalOnSwitch(value = "test.console-enabled", matchIfMissing = true)
		String console() {
			return "console";
		}

		@Bean
		@ConditionalOnSegmentStore(SegmentStoreType.JDBC)
		String jdbcSegments() {
			return "jdbc";
		}

	}

}
