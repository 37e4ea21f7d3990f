package io.github.idgen.autoconfigure.redis;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * {@link RuntimeHintsRegistrar} for the Lua scripts of idgen's Redis backends, which they read from the
 * class path when first loaded, so that they are in a native image.
 */
class RedisScriptsRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern("io/github/idgen/redis/*.lua");
	}

}
