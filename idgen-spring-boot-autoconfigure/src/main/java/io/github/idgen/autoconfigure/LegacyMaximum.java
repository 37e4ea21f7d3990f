package io.github.idgen.autoconfigure;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * The largest id already used, as an {@code ids-above} key gives it or its {@code ids-above-query}
 * reads it from the application's {@code DataSource} (such as {@code SELECT max(id) FROM orders}),
 * once, at start-up. A query that fails or returns anything but one number stops start-up naming the
 * key.
 */
public final class LegacyMaximum {

	/**
	 * Longest a query may run: a table locked elsewhere must fail the start with a message, not hold it
	 * (and a pooled connection) for as long as the lock lasts.
	 */
	static final int QUERY_TIMEOUT_SECONDS = 10;

	private final ObjectProvider<DataSource> dataSources;

	/**
	 * Creates the reader.
	 * @param dataSources the application's DataSource, looked up when a query runs
	 */
	public LegacyMaximum(ObjectProvider<DataSource> dataSources) {
		this.dataSources = dataSources;
	}

	/**
	 * Reads the largest id used.
	 * @param queryKey the query's key, such as {@code xxx.common.ids-above-query}
	 * @param query the query: one row of one number, no row or NULL (an empty table) for none
	 * @return the number, or null if the query found none
	 * @throws InvalidConfigurationPropertyValueException naming the key if the query cannot say
	 */
	public @Nullable Long read(String queryKey, String query) {
		DataSource dataSource = this.dataSources.getIfUnique();
		if (dataSource == null) {
			throw refused(queryKey, query, "needs the application's DataSource to run on, and it has "
					+ ((this.dataSources.stream().findAny().isPresent()) ? "several" : "none")
					+ ". Give the number instead (" + queryKey.replace("-query", "") + "), or define one DataSource");
		}
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
			return read(queryKey, query, statement);
		}
		catch (SQLException ex) {
			throw refused(queryKey, query, "failed on the application's DataSource (at most " + QUERY_TIMEOUT_SECONDS
					+ " s): " + ex.getMessage() + ". Fix the query: it runs once at start-up and must return the"
					+ " largest id used");
		}
	}

	private static @Nullable Long read(String queryKey, String query, Statement statement) throws SQLException {
		try (ResultSet result = statement.executeQuery(query)) {
			int columns = result.getMetaData().getColumnCount();
			if (columns != 1) {
				throw refused(queryKey, query, "returns " + columns + " columns. Select one number, the largest id used");
			}
			if (!result.next()) {
				return null;
			}
			Object value = result.getObject(1);
			if (result.next()) {
				throw refused(queryKey, query, "returns more than one row. Select one number, such as max(id)");
			}
			return (value != null) ? number(queryKey, query, value) : null;
		}
	}

	private static long number(String queryKey, String query, Object value) {
		try {
			if (!(value instanceof Number)) {
				throw new NumberFormatException();
			}
			return new BigDecimal(value.toString()).longValueExact();
		}
		catch (NumberFormatException | ArithmeticException ex) {
			throw refused(queryKey, query, "returns '" + value + "', which is no whole number of 64 bits. Select"
					+ " the largest id used, such as max(id)");
		}
	}

	private static InvalidConfigurationPropertyValueException refused(String key, String query, String reason) {
		return new InvalidConfigurationPropertyValueException(key, query, key + " = " + query + " " + reason + ".");
	}

}
