package io.github.idgen.jdbc.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.sql.DataSource;

import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.segment.SegmentStoreRecords;
import org.jspecify.annotations.Nullable;

/**
 * Reads a segment table's rows with every column the table has (idgen's own, or Leaf's
 * {@code leaf_alloc} with its {@code biz_tag}), in auto-commit: no row lock, so an allocation never
 * waits for an operator's look.
 */
final class JdbcSegmentRecords {

	private JdbcSegmentRecords() {
	}

	static SegmentStoreRecords read(DataSource dataSource, String table, String tagColumn, String store, int limit,
			int queryTimeoutSeconds) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, was " + limit);
		}
		try (Connection connection = dataSource.getConnection();
				PreparedStatement select = connection
					.prepareStatement("SELECT * FROM " + table + " ORDER BY " + tagColumn)) {
			select.setQueryTimeout(queryTimeoutSeconds);
			// one more than asked for: whether there are more
			select.setMaxRows(limit + 1);
			try (ResultSet result = select.executeQuery()) {
				ResultSetMetaData metaData = result.getMetaData();
				// the tag's column first, the others in the table's order (JDBC's indexes from 1)
				List<Integer> order = new ArrayList<>();
				List<String> columns = new ArrayList<>();
				for (int i = 1; i <= metaData.getColumnCount(); i++) {
					String column = metaData.getColumnLabel(i).toLowerCase(Locale.ROOT);
					boolean tag = column.equals(tagColumn.toLowerCase(Locale.ROOT));
					order.add(tag ? 0 : order.size(), i);
					columns.add(tag ? 0 : columns.size(), column);
				}
				List<List<@Nullable String>> rows = new ArrayList<>();
				boolean truncated = false;
				while (result.next()) {
					if (rows.size() == limit) {
						truncated = true;
						break;
					}
					List<@Nullable String> row = new ArrayList<>(columns.size());
					for (int index : order) {
						row.add(result.getString(index));
					}
					rows.add(row);
				}
				return new SegmentStoreRecords(store, columns, rows, truncated);
			}
		}
		catch (SQLException ex) {
			throw new SegmentStoreException("Could not read the rows of segment " + store + ": " + ex.getMessage(), ex);
		}
	}

}
