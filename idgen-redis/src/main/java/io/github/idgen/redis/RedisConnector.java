package io.github.idgen.redis;

import java.time.Duration;
import java.util.Objects;
import java.util.stream.Collectors;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.SslOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import org.jspecify.annotations.Nullable;

/**
 * Where idgen's Redis records live and what the server promises: opens idgen's own connections to one
 * Redis primary, standalone or found through Sentinel (a {@code redis-sentinel://} URI), and carries
 * what the lease and the segment store share: the key prefix, how many replicas every write waits
 * for, and whether the operator vouches for the server's durability. Redis Cluster is refused when a
 * backend starts.
 * <p>
 * A connection never reconnects by itself: Lettuce would otherwise send a {@code WAIT} again on a new
 * connection when the one its write went out on broke, and there it proves nothing about that write
 * ({@code WAIT} counts the acknowledgements of its own connection's writes). A backend closes a
 * broken connection and opens a new one, which also asks Sentinel for the current primary.
 */
public final class RedisConnector implements AutoCloseable {

	/** Prefix of every key unless another is set. */
	public static final String DEFAULT_KEY_PREFIX = "idgen";

	private final RedisURI uri;

	private final RedisClient client;

	private final String keyPrefix;

	private final int expectedReplicas;

	private final boolean assumeDurable;

	private RedisConnector(Builder builder) {
		this.uri = builder.uri;
		this.client = (builder.resources != null) ? RedisClient.create(builder.resources) : RedisClient.create();
		ClientOptions.Builder options = ClientOptions.builder()
			.autoReconnect(false)
			.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
			.socketOptions(SocketOptions.builder().connectTimeout(this.uri.getTimeout()).keepAlive(true).build());
		if (builder.sslOptions != null) {
			options.sslOptions(builder.sslOptions);
		}
		this.client.setOptions(options.build());
		this.keyPrefix = builder.keyPrefix;
		this.expectedReplicas = builder.expectedReplicas;
		this.assumeDurable = builder.assumeDurable;
	}

	/**
	 * Creates a connector with event loops of its own, idgen's key prefix, no replicas expected, and
	 * the server's durability checked at start.
	 * @param uri the primary ({@code redis://}) or its Sentinels ({@code redis-sentinel://}), with
	 * credentials, database and TLS as needed; its timeout bounds opening a connection
	 * @return the connector, to close
	 */
	public static RedisConnector create(RedisURI uri) {
		return builder(uri).build();
	}

	/**
	 * Starts a builder.
	 * @param uri the primary ({@code redis://}) or its Sentinels ({@code redis-sentinel://}), with
	 * credentials, database and TLS as needed; its timeout bounds opening a connection
	 * @return a new builder
	 */
	public static Builder builder(RedisURI uri) {
		return new Builder(Objects.requireNonNull(uri, "uri must not be null"));
	}

	/** The prefix of every key, {@code <prefix>:lease:...} and {@code <prefix>:segment:...}. */
	String keyPrefix() {
		return this.keyPrefix;
	}

	/** How many replicas must acknowledge every write. */
	int expectedReplicas() {
		return this.expectedReplicas;
	}

	/** Whether the operator vouches for the server's durability, so that it is not checked. */
	boolean assumeDurable() {
		return this.assumeDurable;
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
		RedisURI.Builder copy = RedisURI.builder(this.uri).withTimeout(connectTimeout);
		// the copy keeps neither the Sentinels nor the master's name
		this.uri.getSentinels().forEach(copy::withSentinel);
		if (this.uri.getSentinelMasterId() != null) {
			copy.withSentinelMasterId(this.uri.getSentinelMasterId());
		}
		RedisURI target = copy.build();
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

	/**
	 * Builds a {@link RedisConnector}.
	 */
	public static final class Builder {

		private final RedisURI uri;

		private @Nullable ClientResources resources;

		private @Nullable SslOptions sslOptions;

		private String keyPrefix = DEFAULT_KEY_PREFIX;

		private int expectedReplicas;

		private boolean assumeDurable;

		private Builder(RedisURI uri) {
			this.uri = uri;
		}

		/**
		 * Shares event loops, such as those of the application's other Redis clients; closing the
		 * connector leaves them running.
		 * @param resources the shared client resources
		 * @return this builder
		 */
		public Builder resources(ClientResources resources) {
			this.resources = Objects.requireNonNull(resources, "resources must not be null");
			return this;
		}

		/**
		 * Sets the keys and certificates of TLS connections (a {@code rediss://} URI, or one with SSL on),
		 * such as those of the application's other Redis clients; without them the JDK's defaults apply.
		 * @param sslOptions the TLS settings
		 * @return this builder
		 */
		public Builder sslOptions(SslOptions sslOptions) {
			this.sslOptions = Objects.requireNonNull(sslOptions, "sslOptions must not be null");
			return this;
		}

		/**
		 * Sets the prefix of every key, {@code <prefix>:lease:<group>:<nodeId>} and
		 * {@code <prefix>:segment:<tag>}.
		 * @param keyPrefix 1 to 64 characters without spaces
		 * @return this builder
		 */
		public Builder keyPrefix(String keyPrefix) {
			this.keyPrefix = RedisKeys.requirePrefix(keyPrefix);
			return this;
		}

		/**
		 * Sets how many replicas must acknowledge every write before it counts ({@code WAIT}): a lease
		 * claimed or renewed, a mark, a give-back, a range. Set it to the number of replicas: a primary
		 * cut off from any of them then proves nothing (a split brain cannot keep a lease alive on the
		 * old primary), and whichever replica is promoted has every write that counted.
		 * @param expectedReplicas 0 or more
		 * @return this builder
		 */
		public Builder expectedReplicas(int expectedReplicas) {
			if (expectedReplicas < 0) {
				throw new IllegalArgumentException("expectedReplicas must be 0 or more, was " + expectedReplicas);
			}
			this.expectedReplicas = expectedReplicas;
			return this;
		}

		/**
		 * Sets whether the operator vouches that the server fsyncs every write, never evicts and has
		 * the replicas, so that its settings are not read at start (for services that block
		 * {@code CONFIG}); a warning is logged at every start.
		 * @param assumeDurable whether to skip the check
		 * @return this builder
		 */
		public Builder assumeDurable(boolean assumeDurable) {
			this.assumeDurable = assumeDurable;
			return this;
		}

		/**
		 * Builds the connector; it connects when a backend starts.
		 * @return the connector, to close
		 */
		public RedisConnector build() {
			return new RedisConnector(this);
		}

	}

}
