package io.github.idgen.redis;

import java.time.Duration;
import java.util.Objects;
import java.util.stream.Collectors;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import org.jspecify.annotations.Nullable;

/**
 * Opens idgen's own connections to one Redis primary, standalone or found through Sentinel (a
 * {@code redis-sentinel://} URI); Redis Cluster is refused when a backend starts.
 * <p>
 * A connection never reconnects by itself: Lettuce would otherwise re-send, on a new connection,
 * a {@code WAIT} whose write went out on the old one, and that {@code WAIT} proves nothing (it
 * counts replicas that acknowledged the new connection's writes: none). A backend closes a broken
 * connection and opens a new one, which also asks Sentinel for the current primary.
 */
public final class RedisConnector implements AutoCloseable {

	private final RedisURI uri;

	private final RedisClient client;

	private RedisConnector(RedisURI uri, @Nullable ClientResources resources) {
		this.uri = Objects.requireNonNull(uri, "uri must not be null");
		this.client = (resources != null) ? RedisClient.create(resources) : RedisClient.create();
		Duration connectTimeout = uri.getTimeout();
		this.client.setOptions(ClientOptions.builder()
			.autoReconnect(false)
			.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
			.socketOptions(SocketOptions.builder().connectTimeout(connectTimeout).keepAlive(true).build())
			.build());
	}

	/**
	 * Creates a connector with event loops of its own.
	 * @param uri the primary ({@code redis://}) or its Sentinels ({@code redis-sentinel://}), with
	 * credentials, database and TLS as needed; its timeout bounds opening a connection
	 * @return the connector, to close
	 */
	public static RedisConnector create(RedisURI uri) {
		return new RedisConnector(uri, null);
	}

	/**
	 * Creates a connector on shared event loops, such as those of the application's other Redis
	 * clients; closing the connector leaves them running.
	 * @param uri the primary or its Sentinels
	 * @param resources the shared client resources
	 * @return the connector, to close
	 */
	public static RedisConnector create(RedisURI uri, ClientResources resources) {
		return new RedisConnector(uri, Objects.requireNonNull(resources, "resources must not be null"));
	}

	/**
	 * Opens a new connection to the primary and names it, so that operators see it in
	 * {@code CLIENT LIST}.
	 * @param name the client name, such as {@code idgen-lease}
	 * @param timeout how long each command on it may take; opening it takes no longer than this nor
	 * than the URI's timeout
	 * @return the connection
	 */
	StatefulRedisConnection<String, String> open(String name, Duration timeout) {
		Duration connectTimeout = (timeout.compareTo(this.uri.getTimeout()) < 0) ? timeout : this.uri.getTimeout();
		RedisURI target = RedisURI.builder(this.uri).withTimeout(connectTimeout).build();
		StatefulRedisConnection<String, String> connection = this.client.connect(StringCodec.UTF8, target);
		try {
			connection.setTimeout(timeout);
			connection.sync().clientSetname(name);
			return connection;
		}
		catch (RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	/**
	 * Says which server this connects to, without credentials, for messages.
	 * @return for example {@code redis://127.0.0.1:6379} or
	 * {@code redis-sentinel://10.0.0.1:26379,10.0.0.2:26379 (master mymaster)}
	 */
	public String describe() {
		String database = (this.uri.getDatabase() != 0) ? "/" + this.uri.getDatabase() : "";
		if (this.uri.getSentinels().isEmpty()) {
			return "redis://" + this.uri.getHost() + ":" + this.uri.getPort() + database;
		}
		return "redis-sentinel://" + this.uri.getSentinels()
			.stream()
			.map((sentinel) -> sentinel.getHost() + ":" + sentinel.getPort())
			.collect(Collectors.joining(",")) + database + " (master " + this.uri.getSentinelMasterId() + ")";
	}

	/**
	 * Closes the client and its connections; shared client resources stay open.
	 */
	@Override
	public void close() {
		this.client.shutdown();
	}

	@Override
	public String toString() {
		return describe();
	}

}
