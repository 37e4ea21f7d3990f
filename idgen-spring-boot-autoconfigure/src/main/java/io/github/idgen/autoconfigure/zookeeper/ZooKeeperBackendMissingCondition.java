package io.github.idgen.autoconfigure.zookeeper;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;

/**
 * Matches when idgen's ZooKeeper backend (idgen-zookeeper) or Apache Curator is not on the classpath, as
 * with idgen-spring-boot-starter-jdbc or -redis, so that cluster mode, if asked for, fails with
 * {@link MissingCuratorException} instead of silently not starting.
 */
class ZooKeeperBackendMissingCondition extends NoneNestedConditions {

	ZooKeeperBackendMissingCondition() {
		super(ConfigurationPhase.PARSE_CONFIGURATION);
	}

	@ConditionalOnClass(name = { "io.github.idgen.cluster.ClusterDeploymentImpl",
			"org.apache.curator.framework.CuratorFramework" })
	static class ZooKeeperBackendPresent {

	}

}
