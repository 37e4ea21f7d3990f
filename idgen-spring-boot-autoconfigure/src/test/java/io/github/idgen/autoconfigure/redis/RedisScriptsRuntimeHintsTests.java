package io.github.idgen.autoconfigure.redis;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RedisScriptsRuntimeHints}.
 */
class RedisScriptsRuntimeHintsTests {

	private final RuntimeHints hints = new RuntimeHints();

	@Test
	void registersEveryScriptTheRedisBackendsLoad() {
		new RedisScriptsRuntimeHints().registerHints(this.hints, getClass().getClassLoader());
		for (String script : new String[] { "prelude", "lease-claim", "lease-give-back", "lease-mark", "lease-prepare",
				"lease-read", "lease-renew", "lease-scan", "segment-allocate", "segment-create", "segment-decimal" }) {
			String path = "io/github/idgen/redis/" + script + ".lua";
			assertThat(getClass().getClassLoader().getResource(path)).as(path).isNotNull();
			assertThat(RuntimeHintsPredicates.resource().forResource(path)).as(path).accepts(this.hints);
		}
	}

	@Test
	void isRegisteredInAotFactories() {
		assertThat(SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories")
			.load(RuntimeHintsRegistrar.class)).hasAtLeastOneElementOfType(RedisScriptsRuntimeHints.class);
	}

}
