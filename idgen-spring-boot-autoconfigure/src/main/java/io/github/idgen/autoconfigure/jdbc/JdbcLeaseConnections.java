package io.github.idgen.autoconfigure.jdbc;

import java.time.Duration;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfigMXBean;
import com.zaxxer.hikari.HikariDataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.jdbc.DataSourceUnwrapper;
import org.springframework.util.ClassUtils;

/**
 * Where JDBC mode's lease takes its connections: from a small pool of its own, made from the settings
 * of the application's HikariCP pool (its URL, credentials and driver settings), so that the renewals
 * never wait behind the application's queries, nor behind segment allocations stalled on a row lock:
 * a pool they exhausted would let the lease lapse and stop every Snowflake id. With
 * {@code xxx.common.jdbc-lease-own-pool=false}, or an application pool that is not HikariCP, the lease
 * shares the application's {@link DataSource} as it is.
 */
final class JdbcLeaseConnections implements AutoCloseable {

	/** Connections of the lease's pool: its requests run one at a time, on the lease keeper's thread. */
	static final int POOL_SIZE = 2;

	private static final Logger logger = LoggerFactory.getLogger(JdbcLeaseConnections.class);

	private static final boolean HIKARI_PRESENT = ClassUtils.isPresent("com.zaxxer.hikari.HikariDataSource",
			JdbcLeaseConnections.class.getClassLoader());

	private final DataSource dataSource;

	private final @Nullable AutoCloseable ownPool;

	private JdbcLeaseConnections(DataSource dataSource, @Nullable AutoCloseable ownPool) {
		this.dataSource = dataSource;
		this.ownPool = ownPool;
	}

	/**
	 * Picks the lease's connections.
	 * @param application the application's DataSource
	 * @param ownPool whether the lease should get a pool of its own ({@code xxx.common.jdbc-lease-own-pool})
	 * @param requestTimeout how long one lease request may wait for the database: the lease's pool waits
	 * no longer for a connection
	 * @return the lease's connections
	 */
	static JdbcLeaseConnections of(DataSource application, boolean ownPool, Duration requestTimeout) {
		if (!ownPool) {
			return new JdbcLeaseConnections(application, null);
		}
		HikariDataSource hikari = HIKARI_PRESENT ? Hikari.unwrap(application) : null;
		if (hikari == null) {
			logger.info("The worker-id lease shares the application's DataSource, which is not a HikariCP pool to make a"
					+ " pool of its own from: give that pool a connection to spare for its renewals");
			return new JdbcLeaseConnections(application, null);
		}
		HikariDataSource own = Hikari.poolLike(hikari, requestTimeout);
		logger.debug("The worker-id lease takes its connections from pool {} (at most {})", own.getPoolName(), POOL_SIZE);
		return new JdbcLeaseConnections(own, own);
	}

	/**
	 * Returns the DataSource of the lease's requests.
	 * @return its own pool, or the application's DataSource
	 */
	DataSource dataSource() {
		return this.dataSource;
	}

	/** Closes the lease's own pool, after the lease has given its row back. */
	@Override
	public void close() throws Exception {
		if (this.ownPool != null) {
			this.ownPool.close();
		}
	}

	/** HikariCP's side, loaded only where HikariCP is. */
	private static final class Hikari {

		static @Nullable HikariDataSource unwrap(DataSource dataSource) {
			return DataSourceUnwrapper.unwrap(dataSource, HikariConfigMXBean.class, HikariDataSource.class);
		}

		/** A pool with the application's settings, started on its first connection as Spring Boot's is. */
		static HikariDataSource poolLike(HikariDataSource application, Duration requestTimeout) {
			HikariDataSource own = new HikariDataSource();
			application.copyStateTo(own);
			String name = application.getPoolName();
			own.setPoolName(((name != null) ? name + "-" : "") + "idgen-lease");
			own.setMaximumPoolSize(POOL_SIZE);
			own.setMinimumIdle(1);
			// HikariCP's least
			own.setConnectionTimeout(Math.max(250, requestTimeout.toMillis()));
			return own;
		}

	}

}
