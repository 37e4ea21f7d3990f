package io.github.idgen.autoconfigure.zookeeper;

import io.github.idgen.autoconfigure.CommonProperties;
import org.apache.commons.lang3.StringUtils;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * Adapts {@code xxx.common.zookeeper-addr} to {@link ZooKeeperConnectionDetails}. The address is
 * checked when it is asked for, not when it is bound: a context with a {@code CuratorFramework} bean
 * never asks.
 */
class PropertiesZooKeeperConnectionDetails implements ZooKeeperConnectionDetails {

	private final CommonProperties properties;

	PropertiesZooKeeperConnectionDetails(CommonProperties properties) {
		this.properties = properties;
	}

	@Override
	public String getConnectString() {
		String address = this.properties.getZookeeperAddr();
		if (StringUtils.isBlank(address)) {
			throw new InvalidConfigurationPropertyValueException("xxx.common.zookeeper-addr", address,
					"It is required when xxx.common.zookeeper-enabled=true and the context has neither a CuratorFramework"
							+ " nor a ZooKeeperConnectionDetails bean. Set it to the ZooKeeper connect string, such as"
							+ " 'zk1:2181,zk2:2181,zk3:2181', or set xxx.common.zookeeper-enabled=false and a fixed"
							+ " xxx.common.id-worker-id.");
		}
		return address;
	}

}
