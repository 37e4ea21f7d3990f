package io.github.idgen.autoconfigure.shardingsphere;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.shardingsphere.IdgenKeyGenerators;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * Registers the generators while the application context runs and removes them when it closes (only
 * those it registered, so that a context started after it keeps its own).
 */
final class ShardingSphereGeneratorRegistration implements InitializingBean, DisposableBean {

	/** The name the default generator is registered under. */
	static final String DEFAULT_NAME = "default";

	private final Map<String, IdService> services = new LinkedHashMap<>();

	/**
	 * Collects what to register.
	 * @param idService the default generator, registered as {@value #DEFAULT_NAME}
	 * @param generators the named generators, each under its name
	 * @throws InvalidConfigurationPropertyValueException if a named generator is called
	 * {@value #DEFAULT_NAME}: it would shadow the default generator for every YAML that names it
	 */
	ShardingSphereGeneratorRegistration(IdService idService, @Nullable IdGenerators generators) {
		this.services.put(DEFAULT_NAME, idService);
		if (generators != null) {
			for (String name : generators.names()) {
				if (DEFAULT_NAME.equals(name)) {
					throw new InvalidConfigurationPropertyValueException("xxx.common.generators." + name, name,
							"'default' is the name ShardingSphere's IDGEN key generators know the default generator by"
									+ " (IdgenKeyGenerators): a named generator of that name would take its place in"
									+ " every YAML that says 'generator: default'. Rename the generator"
									+ " (xxx.common.generators.<another name>.*)");
				}
				this.services.put(name, generators.get(name));
			}
		}
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
