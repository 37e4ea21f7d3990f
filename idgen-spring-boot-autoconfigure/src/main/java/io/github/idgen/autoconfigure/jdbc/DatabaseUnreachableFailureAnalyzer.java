package io.github.idgen.autoconfigure.jdbc;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Explains a database that idgen could not connect to while its beans were made (the JDBC lease, the
 * segment table, the declared segment tags): the URL without its password, the cause in one line, and
 * the fix. Spring Boot's own report was "Failed to determine DatabaseDriver", with the cause many lines
 * down the stack trace. Failures of other beans are left to their own analyses.
 */
class DatabaseUnreachableFailureAnalyzer extends AbstractFailureAnalyzer<SQLException> implements Ordered {

	private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)[^&;]*");

	private static final Pattern USER_INFO = Pattern.compile("(//[^/:@]+:)[^/@]*@");

	private final Environment environment;

	DatabaseUnreachableFailureAnalyzer(Environment environment) {
		this.environment = environment;
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	protected @Nullable FailureAnalysis analyze(Throwable rootFailure, SQLException cause) {
		boolean login = cause.getSQLState() != null && cause.getSQLState().startsWith("28");
		if (!(login || isConnectionFailure(cause)) || !fromIdgen(rootFailure)) {
			return null;
		}
		String url = this.environment.getProperty("spring.datasource.url");
		String database = (url != null) ? "the database at " + sanitized(url) : "the application's DataSource";
		String description = "idgen could not " + (login ? "log in to " : "connect to ") + database
				+ ", which it needs at start-up " + purpose() + ".\n\nCause: " + firstLine(cause);
		String action = login ? "Correct spring.datasource.username and spring.datasource.password (or the"
				+ " DataSource's credentials) to an account of that database, then start again."
				: "Start the database, or correct spring.datasource.url (host, port, database name) and the network"
						+ " path to it (firewall, proxy, DNS), then start again. idgen waits for the database at start-up"
						+ " only: once started, segment ids served from memory and a held lease outlast an outage.";
		return new FailureAnalysis(description, action, cause);
	}

	private String purpose() {
		List<String> purposes = new ArrayList<>();
		if (this.environment.getProperty("xxx.common.jdbc-enabled", Boolean.class, false)) {
			purposes.add("to lease the worker id (xxx.common.jdbc-enabled=true)");
		}
		if (this.environment.getProperty("xxx.common.segment-enabled", Boolean.class, false)
				&& !"redis".equalsIgnoreCase(this.environment.getProperty("xxx.common.segment-store", "jdbc").trim())) {
			purposes.add("for the segment table (xxx.common.segment-enabled=true)");
		}
		return purposes.isEmpty() ? "for its tables" : String.join(" and ", purposes);
	}

	/** A connection refused, timed out or to a host that cannot be found: SQLSTATE class 08, or the socket's. */
	private static boolean isConnectionFailure(SQLException ex) {
		if (ex.getSQLState() != null && ex.getSQLState().startsWith("08")) {
			return true;
		}
		for (Throwable cause = ex.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
			if (cause instanceof ConnectException || cause instanceof UnknownHostException
					|| cause instanceof NoRouteToHostException || cause instanceof SocketTimeoutException) {
				return true;
			}
		}
		return false;
	}

	/** Whether a bean of idgen's auto-configuration failed, rather than one of the application's own. */
	private static boolean fromIdgen(Throwable failure) {
		for (Throwable cause = failure; cause != null && cause != cause.getCause(); cause = cause.getCause()) {
			if (cause instanceof BeanCreationException creation && creation.getResourceDescription() != null
					&& creation.getResourceDescription().contains("io/github/idgen/")) {
				return true;
			}
		}
		return false;
	}

	static String sanitized(String url) {
		return USER_INFO.matcher(PASSWORD.matcher(url).replaceAll("$1******")).replaceAll("$1******@");
	}

	private static String firstLine(SQLException ex) {
		String message = (ex.getMessage() != null) ? ex.getMessage().strip() : ex.getClass().getName();
		int newline = message.indexOf('\n');
		return (newline < 0) ? message : message.substring(0, newline).strip();
	}

}
