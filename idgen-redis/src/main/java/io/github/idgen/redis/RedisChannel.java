package io.github.idgen.redis;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import org.jspecify.annotations.Nullable;

/**
 * A backend's own connection: every request of the backend goes over it, one at a time, and every
 * write is followed on it by {@code WAIT expected-replicas}, sent in the same flush (one round trip).
 * <p>
 * {@code WAIT} counts the replicas that acknowledged the writes of the connection it runs on, so it
 * proves the write only if both ran on the same connection: the connection never reconnects by itself
 * ({@link RedisConnector}), and any failure closes it, so a {@code WAIT} either runs where the write
 * ran or fails. The next request opens a new connection.
 */
final class RedisChannel implements AutoCloseable {

	private final RedisConnector connector;

	private final String name;

	private final int expectedReplicas;

	private final long requestTimeoutMillis;

	private final long waitTimeoutMillis;

	private final AtomicLong reconnects = new AtomicLong();

	/**
	 * One request at a time. A lock, not a monitor: a caller holds it across the round trip, and a
	 * virtual thread waiting in a monitor would pin its carrier on JDK 21.
	 */
	private final ReentrantLock requests = new ReentrantLock();

	private @Nullable StatefulRedisConnection<String, String> connection;

	private boolean opened;

	private volatile boolean healthy = true;

	/**
	 * Creates a channel; it connects on first use.
	 * @param connector where to connect
	 * @param name the client name, seen in {@code CLIENT LIST}
	 * @param requestTimeout how long a request may take, from sending it to its answer
	 * @param waitTimeout how long a {@code WAIT} may wait for the replicas
	 */
	RedisChannel(RedisConnector connector, String name, Duration requestTimeout, Duration waitTimeout) {
		this.connector = connector;
		this.name = name;
		this.expectedReplicas = connector.expectedReplicas();
		this.requestTimeoutMillis = Math.max(2, requestTimeout.toMillis());
		// WAIT 0 would wait for ever
		this.waitTimeoutMillis = Math.max(1, Math.min(waitTimeout.toMillis(), this.requestTimeoutMillis - 1));
	}

	/** Runs a script that changes nothing. */
	<T> T read(RedisScript script, ScriptOutputType type, String[] keys, String... args) {
		return run(script, type, keys, args, false);
	}

	/**
	 * Runs a script that may change state, and proves the change durable.
	 * @throws RedisWriteNotProvenException if too few replicas acknowledged it, or the connection broke
	 * or timed out before the proof: it may have been applied
	 * @throws RedisCommandExecutionException if the server refused the script (a replica, {@code LOADING},
	 * {@code OOM}, an error the script raised): idgen's scripts check everything before they write, so
	 * it changed nothing, and trying again at once would be refused the same way
	 * @throws RedisConnectionException if no connection could be opened: nothing was sent
	 */
	<T> T write(RedisScript script, ScriptOutputType type, String[] keys, String... args) {
		return run(script, type, keys, args, this.expectedReplicas > 0);
	}

	/** Runs plain commands, such as the start-up checks. */
	<T> T call(Function<RedisCommands<String, String>, T> commands) {
		this.requests.lock();
		try {
			T result = commands.apply(connection().sync());
			succeeded();
			return result;
		}
		catch (RuntimeException ex) {
			failed();
			throw ex;
		}
		finally {
			this.requests.unlock();
		}
	}

	private <T> T run(RedisScript script, ScriptOutputType type, String[] keys, String[] args, boolean wait) {
		this.requests.lock();
		try {
			return runLocked(script, type, keys, args, wait);
		}
		finally {
			this.requests.unlock();
		}
	}

	private <T> T runLocked(RedisScript script, ScriptOutputType type, String[] keys, String[] args, boolean wait) {
		StatefulRedisConnection<String, String> connection;
		try {
			connection = connection();
		}
		catch (RuntimeException ex) {
			failed();
			throw ex;
		}
		try {
			RedisAsyncCommands<String, String> commands = connection.async();
			RedisFuture<T> reply = commands.evalsha(script.sha1(), type, keys, args);
			RedisFuture<Long> acknowledged = wait ? waitFor(commands) : null;
			T result;
			try {
				try {
					result = await(reply);
				}
				catch (RedisNoScriptException ex) {
					// a restarted or new primary has an empty script cache: send the script itself once
					if (acknowledged != null) {
						awaitIgnoringRefusal(acknowledged);
					}
					reply = commands.eval(script.body(), type, keys, args);
					acknowledged = wait ? waitFor(commands) : null;
					result = await(reply);
				}
			}
			catch (RedisCommandExecutionException ex) {
				throw new ScriptRefusedException("Redis at " + this.connector.describe() + " refused script "
						+ script.name() + ": " + ex.getMessage(), ex);
			}
			if (acknowledged != null) {
				long replicas = await(acknowledged);
				if (replicas < this.expectedReplicas) {
					throw new RedisWriteNotProvenException("Script " + script.name() + " on " + this.connector.describe()
							+ " was acknowledged by " + replicas + " of " + this.expectedReplicas + " expected replicas within "
							+ this.waitTimeoutMillis + " ms; it does not count");
				}
			}
			succeeded();
			return result;
		}
		catch (RedisWriteNotProvenException ex) {
			failed();
			throw ex;
		}
		catch (RuntimeException ex) {
			failed();
			if (wait && !(ex instanceof ScriptRefusedException)) {
				throw new RedisWriteNotProvenException("Script " + script.name() + " on " + this.connector.describe()
						+ " failed before its write was proven: " + ex.getMessage(), ex);
			}
			throw ex;
		}
	}

	/**
	 * Awaits the {@code WAIT} after a script the server did not know: it proves nothing, and its own
	 * refusal (a replica refuses {@code WAIT}) must not hide what the server says of the script.
	 */
	private void awaitIgnoringRefusal(RedisFuture<Long> acknowledged) {
		try {
			await(acknowledged);
		}
		catch (RedisCommandExecutionException ex) {
			// the script sent next gets the server's answer
		}
	}

	private RedisFuture<Long> waitFor(RedisAsyncCommands<String, String> commands) {
		return commands.waitForReplication(this.expectedReplicas, this.waitTimeoutMillis);
	}

	private <T> T await(RedisFuture<T> future) {
		try {
			return future.get(this.requestTimeoutMillis, TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException cause) {
				throw cause;
			}
			throw new RedisException(ex.getCause());
		}
		catch (TimeoutException ex) {
			throw new RedisCommandTimeoutException("no answer from " + this.connector.describe() + " within "
					+ this.requestTimeoutMillis + " ms");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RedisException("interrupted while waiting for " + this.connector.describe(), ex);
		}
	}

	private StatefulRedisConnection<String, String> connection() {
		StatefulRedisConnection<String, String> current = this.connection;
		if (current == null || !current.isOpen()) {
			closeConnection();
			current = this.connector.open(this.name, Duration.ofMillis(this.requestTimeoutMillis));
			this.connection = current;
			if (this.opened) {
				this.reconnects.incrementAndGet();
			}
			this.opened = true;
		}
		return current;
	}

	private void succeeded() {
		this.healthy = true;
	}

	/** Whatever failed, the connection's state is unknown: the next request starts on a new one. */
	private void failed() {
		this.healthy = false;
		closeConnection();
	}

	private void closeConnection() {
		StatefulRedisConnection<String, String> current = this.connection;
		this.connection = null;
		if (current != null) {
			current.closeAsync();
		}
	}

	/**
	 * Returns whether the last request succeeded; after a failed one, asks the server.
	 * @return whether the server answers
	 */
	boolean isConnected() {
		if (!this.healthy) {
			try {
				call(RedisCommands::ping);
			}
			catch (RuntimeException ex) {
				return false;
			}
		}
		return this.healthy;
	}

	/** How often a connection was opened again after the first. */
	long getReconnects() {
		return this.reconnects.get();
	}

	/** Where this channel connects, for messages. */
	String describe() {
		return this.connector.describe();
	}

	/** What the server is expected to promise. */
	RedisConnector connector() {
		return this.connector;
	}

	/** The server's error reply to a script: a definite refusal, not a write whose proof is missing. */
	static final class ScriptRefusedException extends RedisCommandExecutionException {

		ScriptRefusedException(String message, Throwable cause) {
			super(message, cause);
		}

	}

	@Override
	public void close() {
		this.requests.lock();
		try {
			// at once, not asynchronously: the connector may shut its client down next, which would close
			// a connection still closing again (and Lettuce warns of it)
			StatefulRedisConnection<String, String> current = this.connection;
			this.connection = null;
			if (current != null) {
				current.close();
			}
		}
		finally {
			this.requests.unlock();
		}
	}

}
