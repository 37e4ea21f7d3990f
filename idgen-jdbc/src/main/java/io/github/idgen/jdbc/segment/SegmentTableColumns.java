package io.github.idgen.jdbc.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The columns of a segment table that idgen did not create, such as Leaf's {@code leaf_alloc}
 * ({@code biz_tag, max_id, step, description, update_time}), read once from the JDBC metadata of the
 * table the statements name. Such a table needs its tag column, {@code max_id} and {@code step};
 * every other column idgen knows is used where present, and its default assumed where absent:
 * {@code max_limit_id} (no limit), {@code version} (not raised), {@code update_time} (not set),
 * the composition columns (plain ids). Its {@code max_id} is read as Leaf reads it: the next id to
 * issue, so that a range that moves it from {@code a} to {@code b} is the ids {@code a..b-1}, exactly
 * those a Leaf server would serve for the same change.
 */
public final class SegmentTableColumns {

	/** The tag column of idgen's own table. */
	public static final String DEFAULT_TAG_COLUMN = "tag";

	private static final Pattern COLUMN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

	/** The columns idgen uses where present, and what it assumes where absent. */
	private static final List<String[]> OPTIONAL = List.of(new String[] { "max_limit_id", "no limit" },
			new String[] { "version", "not raised" }, new String[] { "update_time", "not set" },
			new String[] { "description", "none" }, new String[] { "business_id", "plain ids" },
			new String[] { "business_bits", "plain ids" }, new String[] { "shard_bits", "plain ids" });

	private final String table;

	private final String tagColumn;

	private final Set<String> present;

	private SegmentTableColumns(String table, String tagColumn, Set<String> present) {
		this.table = table;
		this.tagColumn = tagColumn;
		this.present = present;
	}

	/**
	 * Says whether a tag column names idgen's own table: any other names a table idgen did not create.
	 * @param tagColumn the configured tag column
	 * @return whether it is {@link #DEFAULT_TAG_COLUMN}, in any case
	 */
	static boolean isOwnTable(String tagColumn) {
		return DEFAULT_TAG_COLUMN.equalsIgnoreCase(tagColumn);
	}

	/**
	 * Refuses a tag column name that is not a plain SQL identifier.
	 * @param tagColumn the name
	 * @return the name
	 * @throws IllegalArgumentException naming the rule
	 */
	public static String requireColumnName(String tagColumn) {
		if (tagColumn == null || !COLUMN_NAME.matcher(tagColumn).matches()) {
			throw new IllegalArgumentException("Segment tag column name '" + tagColumn
					+ "' is not a plain SQL identifier (a letter or '_', then letters, digits or '_', at most 64)");
		}
		return tagColumn;
	}

	/**
	 * Reads the table's columns.
	 * @throws IllegalStateException if the tag column, {@code max_id} or {@code step} is missing
	 */
	static SegmentTableColumns read(Connection connection, String table, String tagColumn) throws SQLException {
		Set<String> present = new LinkedHashSet<>();
		// the metadata of the very table the statements reach, whatever the database's name resolution
		try (PreparedStatement select = connection.prepareStatement("SELECT * FROM " + table + " WHERE 1 = 0");
				ResultSet none = select.executeQuery()) {
			ResultSetMetaData metaData = none.getMetaData();
			for (int i = 1; i <= metaData.getColumnCount(); i++) {
				present.add(metaData.getColumnLabel(i).toLowerCase(Locale.ROOT));
			}
		}
		List<String> missing = new ArrayList<>();
		for (String required : List.of(tagColumn.toLowerCase(Locale.ROOT), "max_id", "step")) {
			if (!present.contains(required)) {
				missing.add(required);
			}
		}
		if (!missing.isEmpty()) {
			throw new IllegalStateException("Segment table " + table + " has no column " + String.join(", ", missing)
					+ " (it has " + String.join(", ", present) + "): a segment table needs its tag column"
					+ " (xxx.common.segment-tag-column, here '" + tagColumn + "'), max_id and step");
		}
		return new SegmentTableColumns(table, tagColumn, present);
	}

	/**
	 * Says whether the table has a column.
	 * @param column its name in lower case
	 * @return whether it is there
	 */
	public boolean has(String column) {
		return this.present.contains(column);
	}

	/**
	 * Returns the tag column.
	 * @return as configured
	 */
	public String tagColumn() {
		return this.tagColumn;
	}

	/**
	 * Says which columns are used and what is assumed for the others, for the start-up log.
	 * @return such as {@code table leaf_alloc: tag column biz_tag, max_id as Leaf reads it (the next id
	 * to issue), step; uses description, update_time; has no max_limit_id (no limit), version (not
	 * raised), ...}
	 */
	public String summary() {
		List<String> used = new ArrayList<>();
		List<String> assumed = new ArrayList<>();
		for (String[] column : OPTIONAL) {
			if (has(column[0])) {
				used.add(column[0]);
			}
			else {
				assumed.add(column[0] + " (" + column[1] + ")");
			}
		}
		return "table " + this.table + ": tag column " + this.tagColumn
				+ ", max_id as Leaf reads it (the next id to issue), step"
				+ (used.isEmpty() ? "" : "; uses " + String.join(", ", used))
				+ (assumed.isEmpty() ? "" : "; has no " + String.join(", ", assumed));
	}

	@Override
	public String toString() {
		return summary();
	}

}
