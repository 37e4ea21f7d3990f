package io.github.idgen.sample;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * The sample app's default lease backend: ZooKeeper (its embedded server unless
 * {@code xxx.common.zookeeper-addr} is set), unless the command line or the configuration switches on
 * another one ({@code xxx.common.jdbc-enabled} or {@code xxx.common.redis-enabled}), so that
 * {@code --xxx.common.redis-enabled=true} alone runs the sample in Redis mode. idgen's own default is
 * no lease at all; only this demo picks one. Added last, below every other property source.
 */
class SampleLeaseDefaults implements EnvironmentPostProcessor, Ordered {

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		boolean otherBackend = environment.getProperty("xxx.common.jdbc-enabled", Boolean.class, false)
				|| environment.getProperty("xxx.common.redis-enabled", Boolean.class, false);
		if (!otherBackend) {
			environment.getPropertySources()
				.addLast(new MapPropertySource("sampleLeaseDefaults", Map.of("xxx.common.zookeeper-enabled", "true")));
		}
	}

	@Override
	public int getOrder() {
		// after the configuration files were read: they may switch a backend on
		return Ordered.LOWEST_PRECEDENCE;
	}

}
