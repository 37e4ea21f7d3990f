package io.github.idgen.jdbc.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Locale;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentTagExhaustedException;
import io.github.idgen.shard.Shards;

/**
 * A tag's row as {@code SELECT *} or {@code RETURNING *} gave it. The composition columns
 * ({@code business_id}, {@code business_bits}, {@code shard_bits}) are read where the table has them;
 * a table an earlier version created has none, and its tags are plain. Reading the row's own columns,
 * rather than asking the catalog once, also sees columns an operator added while instances ran.
 *
 * @param maxId the row's {@code max_id}: the last sequence handed out
 * @param step the row's {@code step}
 * @param maxLimitId the row's {@code max_limit_id}: the largest id, composed, the tag may issue
 * @param composed whether the table has the composition columns
 * @param businessId the row's {@code business_id}, 0 without the column
 * @param businessBits the row's {@code business_bits}, 0 without the column
 * @param shardBits the row's {@code shard_bits}, 0 without the column
 */
record JdbcSegmentRow(long maxId, int step, long maxLimitId, boolean composed, long businessId, long businessBits,
		long shardBits) {

	/** PostgreSQL's condition that a row's composition columns are good, as {@link #check} has it. */
	static final String POSTGRES_GOOD_COMPOSITION = " AND business_id >= 0 AND shard_bits BETWEEN 0 AND "
			+ Shards.MAX_SHARD_BITS + " AND business_bits >= 0 AND business_bits + shard_bits <= "
			+ SegmentComposition.MAX_BITS + " AND business_id < power(2::numeric, business_bits)";

	/** PostgreSQL's {@link SegmentComposition#sequenceLimit}, exact in NUMERIC ({@code div} truncates). */
	static final String POSTGRES_SEQUENCE_LIMIT = "div(CAST(max_limit_id AS NUMERIC) - (business_id + 1)"
			+ " * power(2::numeric, shard_bits) + 1, power(2::numeric, business_bits + shard_bits))";

	/**
	 * Says whether a PostgreSQL table has the composition columns, from the catalog (a statement that
	 * failed on a missing column would leave an error in the server's log at every start).
	 * @param table the table's name, optionally {@code schema.table}, unquoted (so in lower case)
	 */
	static boolean hasCompositionColumns(Connection connection, String table) throws SQLException {
		int dot = table.indexOf('.');
		String schema = (dot < 0) ? null : table.substring(0, dot).toLowerCase(Locale.ROOT);
		String name = table.substring(dot + 1).toLowerCase(Locale.ROOT);
		try (ResultSet columns = connection.getMetaData().getColumns(null, schema, name, "shard_bits")) {
			return columns.next();
		}
	}

	/**
	 * Reads the row the result set is on.
	 */
	static JdbcSegmentRow read(ResultSet row) throws SQLException {
		ResultSetMetaData columns = row.getMetaData();
		int businessId = 0;
		int businessBits = 0;
		int shardBits = 0;
		int maxLimitId = 0;
		for (int i = 1; i <= columns.getColumnCount(); i++) {
			String name = columns.getColumnLabel(i);
			if ("max_limit_id".equalsIgnoreCase(name)) {
				maxLimitId = i;
			}
			else if ("business_id".equalsIgnoreCase(name)) {
				businessId = i;
			}
			else if ("business_bits".equalsIgnoreCase(name)) {
				businessBits = i;
			}
			else if ("shard_bits".equalsIgnoreCase(name)) {
				shardBits = i;
			}
		}
		boolean composed = businessId > 0 || businessBits > 0 || shardBits > 0;
		// a table of another's (Leaf's leaf_alloc) may have no limit: none is assumed
		long limit = (maxLimitId > 0) ? row.getLong(maxLimitId) : Long.MAX_VALUE;
		return new JdbcSegmentRow(row.getLong("max_id"), row.getInt("step"), limit, composed,
				longOrZero(row, businessId), longOrZero(row, businessBits), longOrZero(row, shardBits));
	}

	/** A column that is absent, or NULL (added without its default), counts as 0: a plain tag. */
	private static long longOrZero(ResultSet row, int column) throws SQLException {
		if (column == 0) {
			return 0;
		}
		long value = row.getLong(column);
		return row.wasNull() ? 0 : value;
	}

	/**
	 * Refuses a row that cannot give a range. A bad row is a row to repair, not an unreachable store:
	 * waiting and retrying would not help, so it is an {@link IllegalStateException} naming the row,
	 * the column and the rule, the same on every database.
	 * @return the row's composition
	 * @throws SegmentTagExhaustedException if no sequence is left below the limit
	 */
	SegmentComposition check(String tag, String store) {
		if (this.step < 1) {
			throw badRow(tag, store, "step " + this.step + ", but step must be at least 1");
		}
		if (this.maxId < 0) {
			throw badRow(tag, store, "max_id " + this.maxId + ", but max_id must be at least 0");
		}
		if (this.maxLimitId < 0) {
			throw badRow(tag, store, "max_limit_id " + this.maxLimitId + ", but max_limit_id must be at least 0");
		}
		String problem = SegmentComposition.problem(this.businessId, this.businessBits, this.shardBits);
		if (problem != null) {
			throw badRow(tag, store, problem);
		}
		SegmentComposition composition = new SegmentComposition(this.businessId, (int) this.businessBits,
				(int) this.shardBits);
		if (this.maxId >= composition.sequenceLimit(this.maxLimitId)) {
			throw new SegmentTagExhaustedException(tag, this.maxId, this.maxLimitId, store);
		}
		return composition;
	}

	/**
	 * Returns the range an {@code UPDATE ... RETURNING *} took, this row being what it returned.
	 * @param taken how far the statement moved {@code max_id}
	 * @throws IllegalStateException if the row is bad (the statement chosen before the table had the
	 * columns does not check them; the sequences it took are never issued)
	 */
	SegmentRange rangeTaken(String tag, long taken, String store) {
		long firstId = this.maxId - taken + 1;
		SegmentComposition composition = new JdbcSegmentRow(firstId - 1, this.step, this.maxLimitId, this.composed,
				this.businessId, this.businessBits, this.shardBits)
			.check(tag, store);
		// a statement chosen before the table had the columns may pass the sequence limit: the range stops there
		long lastId = Math.min(this.maxId, composition.sequenceLimit(this.maxLimitId));
		return new SegmentRange(tag, firstId, lastId, this.step, this.maxLimitId, composition);
	}

	/** The result set of a statement whose first statements may be settings without one. */
	static ResultSet resultSetOf(PreparedStatement statement) throws SQLException {
		boolean isResultSet = statement.execute();
		while (!isResultSet) {
			if (statement.getUpdateCount() == -1) {
				throw new SQLException("'" + statement + "' returned no rows");
			}
			isResultSet = statement.getMoreResults();
		}
		return statement.getResultSet();
	}

	private static IllegalStateException badRow(String tag, String store, String problem) {
		return new IllegalStateException("Segment tag '" + tag + "' in " + store + " has " + problem);
	}

}
