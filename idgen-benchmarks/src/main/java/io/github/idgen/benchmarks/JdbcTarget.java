package io.github.idgen.benchmarks;

import java.util.List;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

/**
 * A database server given on the command line ({@code --jdbc URL USER [PASSWORD]}), for the JDBC
 * lease figures.
 *
 * @param url the JDBC URL
 * @param user the user, allowed to create the lease table
 * @param password the password, empty for none
 */
record JdbcTarget(String url, String user, String password) {

	/**
	 * Reads {@code --jdbc URL USER [PASSWORD]} from the arguments.
	 * @param args the program's arguments
	 * @return the target, or {@code null} without {@code --jdbc}
	 */
	static JdbcTarget fromArgs(List<String> args) {
		int at = args.indexOf("--jdbc");
		if (at < 0) {
			return null;
		}
		if (args.size() < at + 3) {
			throw new IllegalArgumentException("--jdbc needs a JDBC URL and a user: --jdbc URL USER [PASSWORD]");
		}
		String password = (args.size() > at + 3 && !args.get(at + 3).startsWith("--")) ? args.get(at + 3) : "";
		return new JdbcTarget(args.get(at + 1), args.get(at + 2), password);
	}

	/** The arguments that name this target, as {@link #fromArgs} and the child programs read them. */
	List<String> asArgs() {
		return List.of(this.url, this.user, this.password);
	}

	/**
	 * A Hikari pool that opens its first connection on first use, as Spring Boot's is.
	 * @param maximumPoolSize the largest number of connections
	 * @param driverDataSource where connections come from, or {@code null} for the URL's driver
	 * @return the pool, to close
	 */
	HikariDataSource pool(int maximumPoolSize, DataSource driverDataSource) {
		HikariDataSource pool = new HikariDataSource();
		if (driverDataSource != null) {
			pool.setDataSource(driverDataSource);
		}
		else {
			pool.setJdbcUrl(this.url);
			pool.setUsername(this.user);
			pool.setPassword(this.password);
		}
		pool.setMaximumPoolSize(maximumPoolSize);
		return pool;
	}

}
