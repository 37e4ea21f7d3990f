package io.github.idgen.shardingsphere;

import java.util.List;
import java.util.Properties;

import org.apache.shardingsphere.infra.algorithm.core.context.AlgorithmSQLContext;
import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmInitializationException;
import org.apache.shardingsphere.infra.algorithm.keygen.core.KeyGenerateAlgorithm;
import org.apache.shardingsphere.infra.spi.type.typed.TypedSPILoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.shard.ShardRequiredException;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.ShardedGenerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link IdgenKeyGenerateAlgorithm}, found by ShardingSphere's SPI loader as {@code IDGEN}.
 */
class IdgenKeyGenerateAlgorithmTests {

	static final AlgorithmSQLContext CONTEXT = new AlgorithmSQLContext("orders", "public", "t_event", "event_id");

	final IdServiceTwitter events = new IdServiceTwitter(3, 1);

	final ShardedGenerator sharded = ShardedOrderIds.generator(6);

	@AfterEach
	void unregister() {
		IdgenKeyGenerators.unregister("events", this.events);
		IdgenKeyGenerators.unregister("orders", this.sharded);
	}

	@Test
	void issuesIncreasingIdsOfTheRegisteredGenerator() {
		IdgenKeyGenerators.register("events", this.events);
		KeyGenerateAlgorithm algorithm = load("events");
		List<Long> ids = algorithm.generateKeys(CONTEXT, 3).stream().map(Long.class::cast).toList();
		assertThat(ids).hasSize(3).isSorted().doesNotHaveDuplicates();
		assertThat(ids).last().isEqualTo(this.events.lastIssuedId());
		assertThat(algorithm.generateKeys(CONTEXT, 1)).singleElement().isEqualTo(this.events.lastIssuedId());
	}

	@Test
	void generatorRegisteredAfterTheAlgorithmWasCreatedIsFound() {
		KeyGenerateAlgorithm algorithm = load("events");
		IdgenKeyGenerators.register("events", this.events);
		assertThat(algorithm.generateKeys(CONTEXT, 1)).singleElement().isEqualTo(this.events.lastIssuedId());
	}

	@Test
	void unregisteredGeneratorFailsNamingItAndTheRegistry() {
		KeyGenerateAlgorithm algorithm = load("nowhere");
		assertThatIllegalStateException().isThrownBy(() -> algorithm.generateKeys(CONTEXT, 1))
			.withMessageContaining("No idgen generator is registered under 'nowhere'")
			.withMessageContaining("IdgenKeyGenerators.register(\"nowhere\", service)");
	}

	@Test
	void generatorWithShardBitsRefusesIdsWithoutAShard() {
		IdgenKeyGenerators.register("orders", this.sharded);
		KeyGenerateAlgorithm algorithm = load("orders");
		assertThatExceptionOfType(ShardRequiredException.class).isThrownBy(() -> algorithm.generateKeys(CONTEXT, 1))
			.withMessageContaining("generator 'orders'");
	}

	@Test
	void missingGeneratorPropertyIsRefused() {
		assertThatExceptionOfType(AlgorithmInitializationException.class)
			.isThrownBy(() -> TypedSPILoader.getService(KeyGenerateAlgorithm.class, "IDGEN", new Properties()))
			.withMessageContaining("property 'generator' must name the idgen generator");
	}

	@Test
	void unregisterLeavesAServiceThatReplacedIt() {
		IdServiceTwitter replacement = new IdServiceTwitter(4, 1);
		IdgenKeyGenerators.register("events", this.events);
		IdgenKeyGenerators.register("events", replacement);
		assertThat(IdgenKeyGenerators.unregister("events", this.events)).isFalse();
		assertThat(IdgenKeyGenerators.get("events")).isSameAs(replacement);
		assertThat(IdgenKeyGenerators.unregister("events", replacement)).isTrue();
		assertThat(IdgenKeyGenerators.names()).doesNotContain("events");
	}

	static KeyGenerateAlgorithm load(String generator) {
		Properties props = new Properties();
		props.setProperty("generator", generator);
		return TypedSPILoader.getService(KeyGenerateAlgorithm.class, "IDGEN", props);
	}

}
