package io.github.idgen.sample;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import io.github.idgen.cluster.ClusterDeployment;
import io.github.idgen.snowflake.IdService;
import org.apache.curator.framework.CuratorFramework;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.context.event.SpringApplicationEvent;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.aot.AbstractAotProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.ObjectUtils;
import org.springframework.util.StringUtils;

/**
 * Starts an {@link EmbeddedZooKeeper} for the sample app when it runs in cluster mode
 * ({@code xxx.common.zookeeper-enabled=true}, the sample's default) and no
 * {@code xxx.common.zookeeper-addr} is set, and points idgen at it.
 * <p>
 * Life cycle, and why it is tied to these events (registered in {@code META-INF/spring.factories}):
 * <ul>
 * <li>{@link ApplicationEnvironmentPreparedEvent}: the server must listen before idgen's
 * auto-configuration connects, and the connect string must be in the environment before
 * {@code CommonProperties} is bound. This listener is unordered, so it runs after Spring Boot has
 * loaded {@code application.yml} and the command line, and sees the user's settings. It adds
 * {@code xxx.common.zookeeper-addr} as the property source of lowest precedence.</li>
 * <li>{@link ApplicationPreparedEvent}: the server becomes the bean {@value #BEAN_NAME} whose destroy
 * method stops it, and every {@link IdService}, {@link ClusterDeployment} and {@link CuratorFramework}
 * bean is made to depend on it. Spring destroys dependent beans first, so on shutdown the idgen beans
 * give back their worker id (delete the lease node, close the session) while the server still runs,
 * and the server stops after them. (Stopping on {@code ContextClosedEvent} would be too early: it is
 * published before any bean is destroyed.)</li>
 * <li>{@link ApplicationFailedEvent}: a start-up that failed after the server started stops it.</li>
 * </ul>
 * Spring AOT processing in the build ({@code spring-boot:process-aot}) starts no server; an application run
 * with the AOT-generated code ({@code -Dspring.aot.enabled=true}) starts one as any other run does.
 * The context is closed by Spring Boot's shutdown hook on SIGTERM or Ctrl-C, so the data directory is
 * deleted then too; after {@code kill -9} it stays behind in the temporary directory.
 */
class EmbeddedZooKeeperApplicationListener implements ApplicationListener<SpringApplicationEvent> {

	/** Name of the bean that holds the embedded server. */
	static final String BEAN_NAME = "embeddedZooKeeper";

	/** Port of the embedded server; 0 picks any free port. */
	static final String PORT_PROPERTY = "sample.embedded-zookeeper.port";

	static final int DEFAULT_PORT = 2181;

	private static final String ZOOKEEPER_ENABLED_PROPERTY = "xxx.common.zookeeper-enabled";

	private static final String ZOOKEEPER_ADDR_PROPERTY = "xxx.common.zookeeper-addr";

	private static final Logger logger = LoggerFactory.getLogger(EmbeddedZooKeeperApplicationListener.class);

	/** The server of this application run; a listener instance serves one SpringApplication. */
	private @Nullable EmbeddedZooKeeper server;

	@Override
	public void onApplicationEvent(SpringApplicationEvent event) {
		if (event instanceof ApplicationEnvironmentPreparedEvent prepared) {
			onEnvironmentPrepared(prepared.getEnvironment());
		}
		else if (event instanceof ApplicationPreparedEvent prepared) {
			onContextPrepared(prepared.getApplicationContext());
		}
		else if (event instanceof ApplicationFailedEvent) {
			closeServer();
		}
	}

	private void onEnvironmentPrepared(ConfigurableEnvironment environment) {
		if (Boolean.getBoolean(AbstractAotProcessor.AOT_PROCESSING)) {
			// the build's ahead-of-time processing runs the application only to record its bean definitions:
			// nothing connects, so no server (no port taken on the build machine), and no bean that holds a
			// running server, which cannot be written down as code ("instance supplier is not supported")
			return;
		}
		Binder binder = Binder.get(environment);
		boolean clusterMode = binder.bind(ZOOKEEPER_ENABLED_PROPERTY, Boolean.class).orElse(false);
		String address = binder.bind(ZOOKEEPER_ADDR_PROPERTY, String.class).orElse(null);
		if (!clusterMode || StringUtils.hasText(address) || this.server != null) {
			return;
		}
		int port = binder.bind(PORT_PROPERTY, Integer.class).orElse(DEFAULT_PORT);
		if (port < 0 || port > 65535) {
			throw new IllegalStateException(PORT_PROPERTY + " must be a port from 0 to 65535 (0 picks any free port), was "
					+ port + ".");
		}
		EmbeddedZooKeeper started = EmbeddedZooKeeper.start(port);
		this.server = started;
		environment.getPropertySources()
			.addLast(new MapPropertySource(BEAN_NAME, Map.of(ZOOKEEPER_ADDR_PROPERTY, started.getConnectString())));
		logger.info("xxx.common.zookeeper-addr is not set, so started an embedded ZooKeeper server on {} (data in {},"
				+ " deleted on exit) and leasing the worker id from it; a second instance joins it with: java -jar"
				+ " idgen-sample-app/target/idgen-sample-app.jar --server.port=8081 --xxx.common.zookeeper-addr={}",
				started.getConnectString(), started.getDataDirectory(), started.getConnectString());
	}

	private void onContextPrepared(ConfigurableApplicationContext context) {
		EmbeddedZooKeeper started = this.server;
		if (started == null) {
			return;
		}
		ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
		if (!(beanFactory instanceof BeanDefinitionRegistry registry)) {
			throw new IllegalStateException("Cannot register the embedded ZooKeeper server with " + beanFactory);
		}
		BeanDefinition definition = BeanDefinitionBuilder.rootBeanDefinition(EmbeddedZooKeeper.class, () -> started)
			.setDestroyMethodName("close")
			.getBeanDefinition();
		registry.registerBeanDefinition(BEAN_NAME, definition);
		context.addBeanFactoryPostProcessor(new ShutDownAfterIdgen());
	}

	private void closeServer() {
		EmbeddedZooKeeper started = this.server;
		if (started != null) {
			started.close();
		}
	}

	/**
	 * Makes the idgen beans depend on the embedded server, so that they are created after it and
	 * destroyed before it.
	 */
	private static final class ShutDownAfterIdgen implements BeanFactoryPostProcessor {

		private static final Class<?>[] CLIENT_TYPES = { IdService.class, ClusterDeployment.class,
				CuratorFramework.class };

		@Override
		public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
			Set<String> clients = new LinkedHashSet<>();
			for (Class<?> type : CLIENT_TYPES) {
				// no eager init: type prediction from bean definitions and factory method signatures only
				clients.addAll(Set.of(BeanFactoryUtils.beanNamesForTypeIncludingAncestors(beanFactory, type, true, false)));
			}
			for (String name : clients) {
				String beanName = BeanFactoryUtils.transformedBeanName(name);
				if (!beanFactory.containsBeanDefinition(beanName)) {
					continue;
				}
				BeanDefinition definition = beanFactory.getBeanDefinition(beanName);
				String[] dependsOn = definition.getDependsOn();
				if (!ObjectUtils.containsElement(dependsOn, BEAN_NAME)) {
					definition.setDependsOn(StringUtils.addStringToArray(dependsOn, BEAN_NAME));
				}
			}
		}

	}

}
