package io.github.idgen.cluster;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

import io.github.idgen.lease.LeaseDeploymentBuilder;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.utils.PathUtils;
import org.jspecify.annotations.Nullable;

import static io.github.idgen.cluster.ClusterDeploymentImpl.DEFAULT_CONNECTION_TIMEOUT;
import static io.github.idgen.cluster.ClusterDeploymentImpl.DEFAULT_PATH;
import static io.github.idgen.cluster.ClusterDeploymentImpl.DEFAULT_SESSION_TIMEOUT;

/**
 * Builds a {@link ClusterDeploymentImpl}: from {@link ClusterDeploymentImpl#builder(String)} for a
 * deployment with a Curator client of its own, or {@link ClusterDeploymentImpl#builder(CuratorFramework)}
 * on the caller's client.
 */
public final class ClusterDeploymentBuilder extends LeaseDeploymentBuilder<ClusterDeploymentBuilder> {

	final @Nullable String connectString;

	final @Nullable CuratorFramework client;

	String path = DEFAULT_PATH;

	Duration sessionTimeout = DEFAULT_SESSION_TIMEOUT;

	Duration connectionTimeout = DEFAULT_CONNECTION_TIMEOUT;

	Consumer<CuratorFrameworkFactory.Builder> clientCustomizer = (builder) -> {
	};

	ClusterDeploymentBuilder(@Nullable String connectString, @Nullable CuratorFramework client) {
		this.connectString = connectString;
		this.client = client;
	}

	/**
	 * Sets the parent path of the lease nodes.
	 * @param path a valid ZooKeeper path
	 * @return this builder
	 */
	public ClusterDeploymentBuilder workerIdsPath(String path) {
		PathUtils.validatePath(path);
		this.path = path;
		return this;
	}

	/**
	 * Sets the session timeout asked of ZooKeeper by a client this deployment creates; the server
	 * may negotiate it into its own bounds.
	 * @param sessionTimeout the session timeout
	 * @return this builder
	 */
	public ClusterDeploymentBuilder sessionTimeout(Duration sessionTimeout) {
		this.sessionTimeout = requirePositive("sessionTimeout", sessionTimeout);
		return this;
	}

	/**
	 * Sets how long to wait for a connection.
	 * @param connectionTimeout the connection timeout
	 * @return this builder
	 */
	public ClusterDeploymentBuilder connectionTimeout(Duration connectionTimeout) {
		this.connectionTimeout = requirePositive("connectionTimeout", connectionTimeout);
		return this;
	}

	/**
	 * Lets the caller tune the Curator client this deployment creates, after the defaults are
	 * set; ignored for a client passed to {@link ClusterDeploymentImpl#builder(CuratorFramework)}.
	 * @param customizer called with the client's builder
	 * @return this builder
	 */
	public ClusterDeploymentBuilder customizeClient(Consumer<CuratorFrameworkFactory.Builder> customizer) {
		this.clientCustomizer = this.clientCustomizer.andThen(Objects.requireNonNull(customizer, "customizer must not be null"));
		return this;
	}

	/**
	 * Builds the deployment; call {@link ClusterDeploymentImpl#start()} next.
	 * @return the deployment
	 */
	public ClusterDeploymentImpl build() {
		if (this.client != null) {
			return new ClusterDeploymentImpl(this, newSettings(), this.client, false);
		}
		return new ClusterDeploymentImpl(this, newSettings(), ZooKeeperClients.create(Objects.requireNonNull(this.connectString),
				this.sessionTimeout, this.connectionTimeout, this.clientCustomizer), true);
	}

}
