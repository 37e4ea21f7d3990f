package io.github.idgen.autoconfigure.shardingsphere;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.shardingsphere.IdgenKeyGenerators;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * Registers the generators while the application context runs and removes them when it closes (only
 * those it registered, so that a context started after it keeps its own).
 */
final class ShardingSphereGeneratorRegistration implements InitializingBean, DisposableBean {

	/** The name the default generator is registered under. */
	static final String DEFAULT_NAME = "default";

	private final Map<String, IdService> services = new LinkedHashMap<>();

	ShardingSphereGeneratorRegistration(IdService idService, @Nullable IdGenerators generators) {
		if (generators != null) {
			generators.names().forEach((name) -> this.services.put(name, generators.get(name)));
		}
		this.services.putIfAbsent(DEFAULT_NAME, idService);
	}

	@Override
	public void afterPropertiesSet() {
		this.services.forEach(IdgenKeyGenerators::register);
	}

	@Override
	public void destroy() {
		this.services.forEach(IdgenKeyGenerators::unregister);
	}

	/**
	 * Returns what it registers.
	 * @return the services by the names they are registered under
	 */
	Map<String, IdService> services() {
		return this.services;
	}

}
