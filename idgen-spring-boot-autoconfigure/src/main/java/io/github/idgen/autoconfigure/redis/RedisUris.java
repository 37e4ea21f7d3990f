package io.github.idgen.autoconfigure.redis;

import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

import io.github.idgen.redis.RedisClusterNotSupportedException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.ssl.SslBundle;

/**
 * Spring Boot's Redis connection details as the {@link RedisURI} of idgen's own connections: a
 * standalone primary, or the primary its Sentinels name, with the same credentials, database and TLS.
 * Redis Cluster and a static primary/replica set are refused before anything connects: idgen proves
 * each write on the one primary that made it.
 */
final class RedisUris {

	private RedisUris() {
	}

	/**
	 * Builds the URI.
	 * @param details Spring Boot's connection details
	 * @param connectTimeout how long opening a connection may take
	 * @return the URI
	 * @throws RedisClusterNotSupportedException if the details name a cluster or a static primary/replica set
	 */
	static RedisURI of(DataRedisConnectionDetails details, Duration connectTimeout) {
		DataRedisConnectionDetails.Cluster cluster = details.getCluster();
		if (cluster != null) {
			throw new RedisClusterNotSupportedException(nodes(cluster.getNodes()) + " (spring.data.redis.cluster.nodes)");
		}
		DataRedisConnectionDetails.MasterReplica masterReplica = details.getMasterReplica();
		if (masterReplica != null) {
			throw new RedisClusterNotSupportedException(nodes(masterReplica.getNodes())
					+ " (spring.data.redis.masterreplica.nodes, a static primary/replica set; name the primary, or its"
					+ " Sentinels)");
		}
		RedisURI.Builder builder;
		DataRedisConnectionDetails.Sentinel sentinel = details.getSentinel();
		if (sentinel != null) {
			builder = RedisURI.builder().withSentinelMasterId(sentinel.getMaster()).withDatabase(sentinel.getDatabase());
			for (DataRedisConnectionDetails.Node node : sentinel.getNodes()) {
				if (sentinel.getPassword() != null) {
					builder.withSentinel(node.host(), node.port(), sentinel.getPassword());
				}
				else {
					builder.withSentinel(node.host(), node.port());
				}
			}
		}
		else {
			DataRedisConnectionDetails.Standalone standalone = details.getStandalone();
			builder = RedisURI.builder()
				.withHost(standalone.getHost())
				.withPort(standalone.getPort())
				.withDatabase(standalone.getDatabase());
		}
		if (details.getPassword() != null) {
			builder.withAuthentication(details.getUsername(), details.getPassword());
		}
		if (details.getSslBundle() != null) {
			builder.withSsl(true);
		}
		return builder.withTimeout(connectTimeout).build();
	}

	/**
	 * Returns the TLS settings of the connection details' SSL bundle, as Spring Boot's Lettuce
	 * connection uses them.
	 * @param details Spring Boot's connection details
	 * @return the settings, or {@code null} without TLS
	 */
	static @Nullable SslOptions sslOptions(DataRedisConnectionDetails details) {
		SslBundle bundle = details.getSslBundle();
		if (bundle == null) {
			return null;
		}
		SslOptions.Builder options = SslOptions.builder()
			.keyManager(bundle.getManagers().getKeyManagerFactory())
			.trustManager(bundle.getManagers().getTrustManagerFactory());
		if (bundle.getOptions().getCiphers() != null) {
			options.cipherSuites(bundle.getOptions().getCiphers());
		}
		if (bundle.getOptions().getEnabledProtocols() != null) {
			options.protocols(bundle.getOptions().getEnabledProtocols());
		}
		return options.build();
	}

	private static String nodes(List<DataRedisConnectionDetails.Node> nodes) {
		return nodes.stream().map((node) -> node.host() + ":" + node.port()).collect(Collectors.joining(","));
	}

}
