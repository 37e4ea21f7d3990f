package io.github.idgen.autoconfigure.zookeeper;

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;

/**
 * Details to connect to ZooKeeper in cluster mode. By default they come from
 * {@code xxx.common.zookeeper-addr}; a bean of this type supplied by a test, a development service or
 * an embedded server takes their place. A {@code CuratorFramework} bean of the context takes
 * precedence over both.
 */
public interface ZooKeeperConnectionDetails extends ConnectionDetails {

	/**
	 * Returns the connect string of the ensemble.
	 * @return {@code host:port[,host:port...]}
	 */
	String getConnectString();

}
