package io.github.idgen.autoconfigure.shardingsphere;

import io.github.idgen.autoconfigure.IdGeneratorsAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.shardingsphere.IdgenKeyGenerators;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for {@link IdgenShardingSphereAutoConfiguration}: what ShardingSphere's {@code IDGEN} key
 * generators find in idgen-shardingsphere's registry while an application runs, and after it stopped.
 */
class IdgenShardingSphereAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, IdGeneratorsAutoConfiguration.class,
				IdgenShardingSphereAutoConfiguration.class))
		.withPropertyValues("xxx.common.id-worker-id=3");

	@Test
	void withIdgenShardingSphereEveryNamedGeneratorAndTheDefaultOneAreRegistered() {
		this.contextRunner
			.withPropertyValues("xxx.common.generators.orders-ss.layout=javascript-safe",
					"xxx.common.generators.events-ss.layout=twitter")
			.run((context) -> {
				IdGenerators generators = context.getBean(IdGenerators.class);
				assertThat(IdgenKeyGenerators.get("orders-ss")).isSameAs(generators.get("orders-ss"));
				assertThat(IdgenKeyGenerators.get("events-ss")).isSameAs(generators.get("events-ss"));
				assertThat(IdgenKeyGenerators.get("default")).isSameAs(context.getBean(IdService.class));
			});
	}

	@Test
	void aNamedGeneratorCalledDefaultIsRefusedRatherThanShadowingTheDefaultGenerator() {
		this.contextRunner.withPropertyValues("xxx.common.generators.default.layout=javascript-safe").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOfSatisfying(InvalidConfigurationPropertyValueException.class,
						(ex) -> assertThat(ex.getName()).isEqualTo("xxx.common.generators.default"))
				.hasMessageContaining("'default' is the name ShardingSphere's IDGEN key generators know the default"
						+ " generator by")
				.hasMessageContaining("Rename the generator");
		});
		assertThatIllegalStateException().isThrownBy(() -> IdgenKeyGenerators.get("default"));
	}

	@Test
	void whenTheApplicationStopsItsGeneratorsAreRemoved() {
		this.contextRunner.withPropertyValues("xxx.common.generators.stopping-ss.layout=twitter").run((context) -> {
			assertThat(IdgenKeyGenerators.names()).contains("stopping-ss");
		});
		assertThatIllegalStateException().isThrownBy(() -> IdgenKeyGenerators.get("stopping-ss"))
			.withMessageContaining("No idgen generator is registered under 'stopping-ss'");
	}

	@Test
	void withoutIdgenShardingSphereNothingIsRegistered() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(IdgenKeyGenerators.class))
			.withPropertyValues("xxx.common.generators.hidden-ss.layout=twitter")
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(ShardingSphereGeneratorRegistration.class);
				assertThat(IdgenKeyGenerators.names()).doesNotContain("hidden-ss");
			});
	}

}
