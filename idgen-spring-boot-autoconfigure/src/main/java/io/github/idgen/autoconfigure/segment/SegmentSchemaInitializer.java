package io.github.idgen.autoconfigure.segment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.boot.jdbc.DatabaseDriver;
import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.jdbc.init.PlatformPlaceholderDatabaseDriverResolver;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.boot.sql.init.DatabaseInitializationSettings;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.Resource;
import org.springframework.jdbc.datasource.init.ScriptException;

/**
 * Creates the segment table ({@code xxx.common.segment-table}) from the script for the database
 * at hand ({@code io/github/idgen/jdbc/segment/schema-<platform>.sql}: postgresql, mysql for MySQL and MariaDB, h2), as Spring Boot initializes its
 * own tables, so that beans marked {@code @DependsOnDatabaseInitialization} run after it. Instances
 * that start at once on one database all come up: a script that failed because another instance
 * created the table meanwhile is not an error.
 */
public class SegmentSchemaInitializer extends DataSourceScriptDatabaseInitializer {

	static final String SCHEMA_LOCATION = "classpath:io/github/idgen/jdbc/segment/schema-@@platform@@.sql";

	private static final String DEFAULT_TABLE = "idgen_segment";

	private final String table;

	/**
	 * Creates an initializer.
	 * @param dataSource the database of the segment table
	 * @param table the table's name
	 * @param mode when to create it
	 */
	public SegmentSchemaInitializer(DataSource dataSource, String table, SchemaInitialization mode) {
		super(dataSource, settings(dataSource, mode));
		this.table = table;
	}

	private static DatabaseInitializationSettings settings(DataSource dataSource, SchemaInitialization mode) {
		DatabaseInitializationSettings settings = new DatabaseInitializationSettings();
		settings.setMode(DatabaseInitializationMode.valueOf(mode.name()));
		if (mode != SchemaInitialization.NEVER) {
			// MariaDB takes MySQL's script
			settings.setSchemaLocations(new PlatformPlaceholderDatabaseDriverResolver()
				.withDriverPlatform(DatabaseDriver.MARIADB, "mysql")
				.resolveAll(dataSource, SCHEMA_LOCATION));
		}
		return settings;
	}

	@Override
	protected void runScripts(Scripts scripts) {
		List<Resource> renamed = new ArrayList<>();
		Charset encoding = (scripts.getEncoding() != null) ? scripts.getEncoding() : StandardCharsets.UTF_8;
		for (Resource script : scripts) {
			try {
				String sql = script.getContentAsString(encoding);
				renamed.add(new ByteArrayResource(sql.replace(DEFAULT_TABLE, this.table).getBytes(encoding),
						script.getDescription()));
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not read " + script.getDescription(), ex);
			}
		}
		try {
			super.runScripts(new Scripts(renamed).continueOnError(scripts.isContinueOnError())
				.separator(scripts.getSeparator())
				.encoding(encoding));
		}
		catch (ScriptException ex) {
			// instances starting at once: on PostgreSQL, CREATE TABLE IF NOT EXISTS lets two sessions
			// find the table missing, and the second fails on a catalog index once the first committed
			if (!tableExists()) {
				throw ex;
			}
		}
	}

	private boolean tableExists() {
		try (Connection connection = getDataSource().getConnection();
				Statement statement = connection.createStatement()) {
			statement.executeQuery("SELECT tag FROM " + this.table + " WHERE 1 = 0").close();
			return true;
		}
		catch (SQLException ex) {
			return false;
		}
	}

}
