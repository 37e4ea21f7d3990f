package io.github.idgen.sample;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.autoconfigure.zookeeper.ZooKeeperConnectionDetails;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/**
 * Starts an {@link EmbeddedZooKeeper} for the sample app when it runs in cluster mode
 * ({@code xxx.common.zookeeper-enabled=true}, the sample's default) and no
 * {@code xxx.common.zookeeper-addr} is set, and offers it to idgen as its
 * {@link ZooKeeperConnectionDetails}.
 * <p>
 * Life cycle: idgen's lease bean takes the connection details as a constructor argument, and they
 * take the server, so Spring creates the server before idgen connects and, on shutdown, destroys
 * idgen's beans (which give back the worker id: delete the lease node, close the session) before the
 * details and then the server, whose destroy method stops it and deletes its data directory. A
 * start-up that fails after the server started destroys it the same way. The context is closed by
 * Spring Boot's shutdown hook on SIGTERM or Ctrl-C; after {@code kill -9} the data directory stays
 * behind in the temporary directory.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSwitch("xxx.common.zookeeper-enabled")
@Conditional(EmbeddedZooKeeperConfiguration.NoZooKeeperAddress.class)
class EmbeddedZooKeeperConfiguration {

	/** Port of the embedded server; 0 picks any free port. */
	static final String PORT_PROPERTY = "sample.embedded-zookeeper.port";

	static final int DEFAULT_PORT = 2181;

	private static final String ZOOKEEPER_ADDR_PROPERTY = "xxx.common.zookeeper-addr";

	private static final Logger logger = LoggerFactory.getLogger(EmbeddedZooKeeperConfiguration.class);

	@Bean(destroyMethod = "close")
	EmbeddedZooKeeper embeddedZooKeeper(Environment environment) {
		int port = environment.getProperty(PORT_PROPERTY, Integer.class, DEFAULT_PORT);
		if (port < 0 || port > 65535) {
			throw new IllegalStateException(PORT_PROPERTY + " must be a port from 0 to 65535 (0 picks any free port), was "
					+ port + ".");
		}
		EmbeddedZooKeeper started = EmbeddedZooKeeper.start(port);
		logger.info("xxx.common.zookeeper-addr is not set, so started an embedded ZooKeeper server on {} (data in {},"
				+ " deleted on exit) and leasing the worker id from it; a second instance joins it with: java -jar"
				+ " idgen-sample-app/target/idgen-sample-app.jar --server.port=8081 --xxx.common.zookeeper-addr={}",
				started.getConnectString(), started.getDataDirectory(), started.getConnectString());
		return started;
	}

	@Bean
	ZooKeeperConnectionDetails embeddedZooKeeperConnectionDetails(EmbeddedZooKeeper embeddedZooKeeper) {
		return embeddedZooKeeper::getConnectString;
	}

	/**
	 * Matches when {@code xxx.common.zookeeper-addr} is absent or blank.
	 */
	static class NoZooKeeperAddress extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			String address = context.getEnvironment().getProperty(ZOOKEEPER_ADDR_PROPERTY);
			return StringUtils.hasText(address)
					? ConditionOutcome.noMatch(ZOOKEEPER_ADDR_PROPERTY + " is set to '" + address + "'")
					: ConditionOutcome.match(ZOOKEEPER_ADDR_PROPERTY + " is not set");
		}

	}

}
