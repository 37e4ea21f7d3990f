package io.github.idgen.autoconfigure.zookeeper;

/**
 * Thrown at start-up when cluster mode is on and idgen's ZooKeeper backend (idgen-zookeeper) or Apache
 * Curator is not on the classpath.
 */
class MissingCuratorException extends IllegalStateException {

	MissingCuratorException() {
		super("Cluster mode (xxx.common.zookeeper-enabled=true) leases worker ids from ZooKeeper with idgen-zookeeper"
				+ " and Apache Curator, and io.github.idgen.cluster.ClusterDeploymentImpl or"
				+ " org.apache.curator.framework.CuratorFramework is not on the classpath");
	}

}
