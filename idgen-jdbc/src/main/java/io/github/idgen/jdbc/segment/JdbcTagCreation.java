package io.github.idgen.jdbc.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.sql.DataSource;

import io.github.idgen.info.Documentation;
import io.github.idgen.segment.AddTagCommands;
import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.segment.SegmentTagCreation;
import io.github.idgen.segment.SegmentTagSettings;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.sql.LeftOpenTransactions;
import io.github.idgen.sql.SqlStates;
import org.jspecify.annotations.Nullable;

import static io.github.idgen.sql.BorrowedConnections.restoreQuietly;

/**
 * {@link JdbcSegmentStore#createTagLike}: one {@code INSERT ... SELECT} from the template's row with
 * auto-commit; {@link JdbcSegmentStore#createTag}: a look for the row, then one {@code INSERT} of the
 * settings with auto-commit (the look first, so that a tag that exists, the case of every start after
 * the first, leaves no duplicate-key error in the database's log). The primary key makes both safe to
 * race: of concurrent inserts of one tag, on any of the databases, one commits and the others fail with
 * a unique-key violation (SQLSTATE class 23), which here means "it exists". No isolation level matters,
 * and no row stays locked beyond the statement.
 */
final class JdbcTagCreation {

	private static final int ATTEMPTS = 3;

	private final DataSource dataSource;

	private final String insert;

	private final String exists;

	private final String store;

	private final String table;

	private final int queryTimeoutSeconds;

	/** The table's columns, in lower case, from the first creation with settings on. */
	private volatile @Nullable Set<String> columns;

	/** Whether the table is one of Leaf's shape (a tag column other than tag), where no tag is created. */
	private final boolean foreignTable;

	JdbcTagCreation(DataSource dataSource, String table, String tagColumn, String store, int queryTimeoutSeconds) {
		this.dataSource = dataSource;
		this.foreignTable = !SegmentTableColumns.isOwnTable(tagColumn);
		this.store = store;
		this.table = table;
		this.queryTimeoutSeconds = queryTimeoutSeconds;
		// CASE rather than LEAST: the same on every database, whatever its NULL rules
		this.insert = "INSERT INTO " + table + " (tag, max_id, step, max_limit_id, version, description, update_time)"
				+ " SELECT ?, 0, CASE WHEN step > ? THEN ? ELSE step END,"
				+ " CASE WHEN max_limit_id > ? THEN ? ELSE max_limit_id END, 0, ?, CURRENT_TIMESTAMP FROM " + table
				+ " WHERE tag = ?";
		this.exists = "SELECT 1 FROM " + table + " WHERE " + tagColumn + " = ?";
	}

	boolean createTagLike(String tag, String template, long maxLimitId, String description) {
		refuseOnForeignTable(tag);
		if (maxLimitId < 1) {
			throw new IllegalArgumentException("maxLimitId must be at least 1, was " + maxLimitId);
		}
		for (int attempt = 1;; attempt++) {
			try (Connection connection = this.dataSource.getConnection()) {
				LeftOpenTransactions.rollBack(connection, "the segment store on " + this.store);
				return insert(connection, tag, template, maxLimitId, description);
			}
			catch (SQLException ex) {
				if (attempt < ATTEMPTS && SqlStates.isSerializationFailure(ex)) {
					continue;
				}
				throw new SegmentStoreException("Could not create segment tag '" + tag + "' like '" + template + "' in "
						+ this.store + ": " + ex.getMessage(), ex);
			}
		}
	}

	private boolean insert(Connection connection, String tag, String template, long maxLimitId, String description)
			throws SQLException {
		boolean autoCommit = connection.getAutoCommit();
		if (!autoCommit) {
			connection.setAutoCommit(true);
		}
		try {
			int maxStep = (int) Math.min(Integer.MAX_VALUE, maxLimitId);
			try (PreparedStatement insert = connection.prepareStatement(this.insert)) {
				insert.setQueryTimeout(this.queryTimeoutSeconds);
				insert.setString(1, tag);
				insert.setInt(2, maxStep);
				insert.setInt(3, maxStep);
				insert.setLong(4, maxLimitId);
				insert.setLong(5, maxLimitId);
				insert.setString(6, description);
				insert.setString(7, template);
				if (insert.executeUpdate() == 1) {
					return true;
				}
			}
			catch (SQLException ex) {
				if (SqlStates.isIntegrityConstraintViolation(ex)) {
					// another caller created it first
					return false;
				}
				throw ex;
			}
			// no template row: fine only if the tag exists
			if (!exists(connection, tag)) {
				throw new UnknownSegmentTagException(template, this.store, AddTagCommands.sqlInsert(this.table, template));
			}
			return false;
		}
		finally {
			if (!autoCommit) {
				restoreQuietly(() -> connection.setAutoCommit(false));
			}
		}
	}

	SegmentTagCreation createTag(String tag, SegmentTagSettings settings) {
		refuseOnForeignTable(tag);
		for (int attempt = 1;; attempt++) {
			try (Connection connection = this.dataSource.getConnection()) {
				LeftOpenTransactions.rollBack(connection, "the segment store on " + this.store);
				SegmentTagCreation creation = create(connection, tag, settings);
				if (creation != null) {
					return creation;
				}
				// a row that another caller inserted was deleted before this one could read it: look again
			}
			catch (SQLException ex) {
				if (attempt < ATTEMPTS && SqlStates.isSerializationFailure(ex)) {
					continue;
				}
				throw new SegmentStoreException("Could not create segment tag '" + tag + "' in " + this.store + ": "
						+ ex.getMessage(), ex);
			}
			if (attempt >= ATTEMPTS) {
				throw new IllegalStateException("Could not create segment tag '" + tag + "' in " + this.store
						+ ": its row was inserted and deleted again " + ATTEMPTS + " times meanwhile");
			}
		}
	}

	private @Nullable SegmentTagCreation create(Connection connection, String tag, SegmentTagSettings settings)
			throws SQLException {
		Map<String, @Nullable String> row = row(connection, tag);
		if (row != null) {
			return SegmentTagCreation.found(tag, settings, row);
		}
		boolean autoCommit = connection.getAutoCommit();
		if (!autoCommit) {
			connection.setAutoCommit(true);
		}
		try {
			insert(connection, tag, settings);
			return SegmentTagCreation.created(tag);
		}
		catch (SQLException ex) {
			if (!SqlStates.isIntegrityConstraintViolation(ex)) {
				throw ex;
			}
			// another caller created it first: its settings are the tag's
			row = row(connection, tag);
			return (row != null) ? SegmentTagCreation.found(tag, settings, row) : null;
		}
		finally {
			if (!autoCommit) {
				restoreQuietly(() -> connection.setAutoCommit(false));
			}
		}
	}

	/** Inserts the columns the table has; a setting other than its default needs its column. */
	private void insert(Connection connection, String tag, SegmentTagSettings settings) throws SQLException {
		Set<String> columns = columns(connection);
		SegmentComposition composition = settings.composition();
		List<String> names = new ArrayList<>(List.of("tag", "max_id", "step"));
		List<Object> values = new ArrayList<>(List.of(tag, settings.idsAbove(), settings.step()));
		List<String> missing = new ArrayList<>();
		column(columns, names, values, missing, "max_limit_id", settings.maxLimitId(), settings.maxLimitId() != Long.MAX_VALUE);
		column(columns, names, values, missing, "version", 0L, false);
		column(columns, names, values, missing, "description", settings.description(), false);
		column(columns, names, values, missing, "business_id", composition.businessId(), !composition.isPlain());
		column(columns, names, values, missing, "business_bits", composition.businessBits(), !composition.isPlain());
		column(columns, names, values, missing, "shard_bits", composition.shardBits(), !composition.isPlain());
		if (!missing.isEmpty()) {
			throw new IllegalStateException("Segment tag '" + tag + "' cannot be created with " + describe(settings)
					+ " in " + this.store + ": the table has no column " + String.join(", ", missing)
					+ " (add them as " + Documentation.section("segments.md", "composed-ids-business-id-and-shard")
					+ " shows, or create the tag without these settings)");
		}
		StringBuilder sql = new StringBuilder("INSERT INTO ").append(this.table).append(" (")
			.append(String.join(", ", names));
		boolean updateTime = columns.contains("update_time");
		sql.append(updateTime ? ", update_time" : "").append(") VALUES (").append("?, ".repeat(names.size() - 1))
			.append('?').append(updateTime ? ", CURRENT_TIMESTAMP" : "").append(')');
		try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
			insert.setQueryTimeout(this.queryTimeoutSeconds);
			for (int i = 0; i < values.size(); i++) {
				insert.setObject(i + 1, values.get(i));
			}
			insert.executeUpdate();
		}
	}

	private static void column(Set<String> columns, List<String> names, List<Object> values, List<String> missing,
			String name, @Nullable Object value, boolean needed) {
		if (columns.contains(name)) {
			if (value != null) {
				names.add(name);
				values.add(value);
			}
		}
		else if (needed || (value != null && name.equals("description"))) {
			missing.add(name);
		}
	}

	/**
	 * idgen writes no rows into a table it did not create: Leaf's servers, and its operators, own
	 * what a row of leaf_alloc starts with.
	 */
	private void refuseOnForeignTable(String tag) {
		if (this.foreignTable) {
			throw new UnsupportedOperationException("Segment tag '" + tag + "' cannot be created in " + this.store
					+ ": idgen creates no tags in a table it did not create (xxx.common.segment-tag-column is set);"
					+ " insert its row there as for Leaf, or remove the setting that creates it"
					+ " (xxx.common.segment-tags." + tag + ", a business number's tag)");
		}
	}

	private static String describe(SegmentTagSettings settings) {
		return "step " + settings.step() + ", max_limit_id " + settings.maxLimitId()
				+ (settings.composition().isPlain() ? "" : ", " + settings.composition())
				+ ((settings.description() != null) ? ", a description" : "");
	}

	private Set<String> columns(Connection connection) throws SQLException {
		Set<String> columns = this.columns;
		if (columns == null) {
			columns = new HashSet<>();
			try (PreparedStatement select = connection.prepareStatement("SELECT * FROM " + this.table + " WHERE 1 = 0");
					ResultSet none = select.executeQuery()) {
				ResultSetMetaData metaData = none.getMetaData();
				for (int i = 1; i <= metaData.getColumnCount(); i++) {
					columns.add(metaData.getColumnLabel(i).toLowerCase(Locale.ROOT));
				}
			}
			this.columns = columns;
		}
		return columns;
	}

	/** The tag's row, each column as text by its name in lower case; null if there is none. */
	private @Nullable Map<String, @Nullable String> row(Connection connection, String tag) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement("SELECT * FROM " + this.table + " WHERE tag = ?")) {
			select.setQueryTimeout(this.queryTimeoutSeconds);
			select.setString(1, tag);
			try (ResultSet row = select.executeQuery()) {
				if (!row.next()) {
					return null;
				}
				Map<String, @Nullable String> values = new HashMap<>();
				ResultSetMetaData metaData = row.getMetaData();
				for (int i = 1; i <= metaData.getColumnCount(); i++) {
					values.put(metaData.getColumnLabel(i).toLowerCase(Locale.ROOT), row.getString(i));
				}
				return values;
			}
		}
	}

	/** Whether the tag's row exists, on a connection of its own. */
	boolean exists(String tag) {
		try (Connection connection = this.dataSource.getConnection()) {
			return exists(connection, tag);
		}
		catch (SQLException ex) {
			throw new SegmentStoreException("Could not look for segment tag '" + tag + "' in " + this.store + ": "
					+ ex.getMessage(), ex);
		}
	}

	private boolean exists(Connection connection, String tag) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement(this.exists)) {
			select.setQueryTimeout(this.queryTimeoutSeconds);
			select.setString(1, tag);
			try (ResultSet row = select.executeQuery()) {
				return row.next();
			}
		}
	}

}
