package io.github.idgen.autoconfigure.zookeeper;

import org.apache.curator.framework.CuratorFrameworkFactory;

/**
 * Tunes the Curator client that cluster mode creates when the context has no
 * {@code CuratorFramework} bean of its own. Beans of this type are applied in order, after idgen's
 * settings (connect string, timeouts, retry policy).
 */
@FunctionalInterface
public interface IdgenCuratorCustomizer {

	/**
	 * Customizes the client's builder.
	 * @param builder the builder, with idgen's settings applied
	 */
	void customize(CuratorFrameworkFactory.Builder builder);

}
