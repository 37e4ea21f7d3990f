package io.github.idgen.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * {@link ConfigurationKeysCheck}: unknown keys under {@code xxx.common} and {@code idgen.} stop
 * start-up before any bean is made, in every mode.
 */
@AutoConfiguration
public final class ConfigurationKeysCheckAutoConfiguration {

	// static: a bean factory post-processor, made before this configuration's instance
	@Bean
	static ConfigurationKeysCheck idgenConfigurationKeysCheck() {
		return new ConfigurationKeysCheck();
	}

}
