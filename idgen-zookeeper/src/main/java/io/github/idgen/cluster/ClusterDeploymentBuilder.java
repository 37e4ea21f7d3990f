package io.github.idgen.cluster;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

import io.github.idgen.lease.LeaseDeploymentBuilder;
import io.github.idgen.lease.LeaseSettings;
import io.github.idgen.snowflake.SnowflakeLayout;
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

	@Nullable String leafWorkersPath;

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
	 * Leases none of the worker ids that Leaf's Snowflake servers hold on the same ZooKeeper: the
	 * sequence numbers of the PERSISTENT_SEQUENTIAL nodes {@code <ip>:<port>-<sequence>} under the path,
	 * read at start (which fails with {@link LeafWorkersUnreadableException} if they cannot be told),
	 * before every lease and at every check of the lease held. Leaf's worker id is the 10 bits above
	 * its 12 sequence bits, so the layout must put its node id on the same bits: 10 datacenter and worker
	 * bits together above 12 sequence and shard bits, as {@link io.github.idgen.snowflake.LibraryLayouts#LEAF}
	 * and {@link io.github.idgen.snowflake.SnowflakeLayout#TWITTER}.
	 * @param path Leaf's {@code /snowflake/<leaf.name>/forever}
	 * @return this builder
	 */
	public ClusterDeploymentBuilder leafWorkersPath(String path) {
		PathUtils.validatePath(path);
		this.leafWorkersPath = path;
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
		LeaseSettings settings = newSettings();
		if (this.leafWorkersPath != null) {
			requireLeafShape(settings.layout());
		}
		if (this.client != null) {
			return new ClusterDeploymentImpl(this, settings, this.client, false);
		}
		return new ClusterDeploymentImpl(this, settings, ZooKeeperClients.create(Objects.requireNonNull(this.connectString),
				this.sessionTimeout, this.connectionTimeout, this.clientCustomizer), true);
	}

	/**
	 * Refuses a layout whose node ids are not Leaf's worker ids: with other bits, a worker id Leaf
	 * holds and the node id idgen leases would land on different bits, and excluding one says nothing
	 * about the other.
	 * @param layout the layout of the leases
	 * @throws IllegalStateException naming the layout's bits
	 */
	public static void requireLeafShape(SnowflakeLayout layout) {
		if (!hasLeafShape(layout)) {
			throw new IllegalStateException("Leaf's worker ids are the 10 bits above its 12 sequence bits, but this"
					+ " layout has " + layout.datacenterBits() + " datacenter, " + layout.workerBits() + " worker, "
					+ layout.sequenceBits() + " sequence and " + layout.shardBits() + " shard bits: excluding Leaf's"
					+ " worker ids would not keep its ids apart. Use LibraryLayouts.LEAF (Leaf's epoch and bits).");
		}
	}

	/**
	 * Returns whether a layout's node id occupies the bits Leaf's worker id occupies.
	 * @param layout a layout
	 * @return whether its datacenter and worker bits are 10 together, right above 12 sequence and shard bits
	 */
	public static boolean hasLeafShape(SnowflakeLayout layout) {
		return layout.datacenterBits() + layout.workerBits() == 10 && layout.sequenceBits() + layout.shardBits() == 12;
	}

}
