package io.github.idgen.jdbc.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import io.github.idgen.segment.AddTagCommands;
import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.segment.SegmentStoreRecords;
import io.github.idgen.segment.SegmentTagCreation;
import io.github.idgen.segment.SegmentTagSettings;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.sql.LeftOpenTransactions;
import io.github.idgen.sql.SqlStates;
import org.jspecify.annotations.Nullable;

import static io.github.idgen.sql.BorrowedConnections.networkTimeout;
import static io.github.idgen.sql.BorrowedConnections.restoreQuietly;

/**
 * The {@link SegmentStore} on a table of a JDBC database (PostgreSQL, MySQL/MariaDB, H2):
 * {@code idgen_segment(tag, max_id, step, max_limit_id, version, description, update_time)}, and where
 * the table has them the composition columns {@code business_id}, {@code business_bits} and
 * {@code shard_bits} (see {@link SegmentComposition}): {@code max_id} then counts sequences, and a
 * range stops at the last sequence whose ids stay at or below {@code max_limit_id}. A table without
 * them (created by an earlier version) gives plain ranges, as it always did.
 * <p>
 * One allocation is one transaction on one connection, and the range is known only inside it:
 * <ul>
 * <li>On every database: {@code SELECT ... FOR UPDATE} locks the tag's row, {@code UPDATE} moves
 * {@code max_id} (cut at {@code max_limit_id}), {@code COMMIT}. The transaction runs at READ
 * COMMITTED: under REPEATABLE READ PostgreSQL fails most concurrent allocations with serialization
 * errors. On PostgreSQL {@code SET TRANSACTION ISOLATION LEVEL READ COMMITTED} goes with the
 * {@code SELECT} in one round trip and the session is left alone; elsewhere the connection's
 * isolation is read, and changed for the transaction only if it differs.</li>
 * <li>On PostgreSQL first: a full step below the limit is one {@code UPDATE ... RETURNING} with
 * auto-commit, one round trip instead of three, and the row is locked only while the server runs
 * the statement. Anything else (the last, shorter range of a tag, an exhausted, unknown or bad row,
 * a REPEATABLE READ session that met a concurrent allocation) goes on to the transaction above,
 * which tells them apart.</li>
 * </ul>
 * On PostgreSQL both ways pin {@code synchronous_commit} on for their transaction, in the same round
 * trip: a commit acknowledged under {@code off} can be lost in a crash. A transaction other code left
 * open on the connection is rolled back first (see
 * {@link LeftOpenTransactions}). Auto-commit and isolation are put back before the connection returns
 * to the pool.
 * <p>
 * An allocation waits for the database at most its allocation timeout: the statements' query
 * timeout ends a wait for a row lock that a stalled instance holds, and the connection's network
 * timeout, one second longer, ends a wait on a connection that went silent (a dropped firewall or
 * NAT entry, a vanished host), which TCP alone would wait out for many minutes. With one allocation
 * in flight per tag, either would otherwise stop the tag until then.
 */
public final class JdbcSegmentStore implements SegmentStore {

	/** How long an allocation may wait for the database unless told otherwise. */
	public static final Duration DEFAULT_ALLOCATION_TIMEOUT = Duration.ofSeconds(5);

	/**
	 * PostgreSQL's pin of {@code synchronous_commit} for the transaction of one statement: a role or
	 * database with it off acknowledges commits a crash can lose, and a range handed out would be
	 * handed out again. Lasts until that transaction ends; the session keeps its own setting.
	 */
	private static final String DURABLE_STATEMENT = " FROM (SELECT set_config('synchronous_commit', 'on', true)) AS durable";

	/** The same pin for an explicit transaction, sent with its first statement. */
	private static final String DURABLE_TRANSACTION = "SET LOCAL synchronous_commit = on; ";

	/** PostgreSQL's transaction settings, sent with the row lock. */
	private static final String READ_COMMITTED = "SET TRANSACTION ISOLATION LEVEL READ COMMITTED; "
			+ DURABLE_TRANSACTION;

	private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	private final DataSource dataSource;

	private final String table;

	/** The tag column: {@code tag} on idgen's own table, another on a table of Leaf's shape. */
	private final String tagColumn;

	/** The allocation in a transaction: on idgen's own table from the start, on Leaf's once its columns are read. */
	private volatile @Nullable RowLockAllocation rowLockAllocation;

	/** The columns of a table of Leaf's shape, read once; null on idgen's own table. */
	private volatile @Nullable SegmentTableColumns foreignColumns;

	/** PostgreSQL's whole allocation of a full step, when it stays below the limit. */
	private final String updateReturning;

	/** The same, for a table with the composition columns: below the sequence limit, of a good row. */
	private final String composedUpdateReturning;

	/**
	 * Whether the table has the composition columns: from the catalog before the first allocation on
	 * PostgreSQL (which chooses its one statement by it), then from the last row read.
	 */
	private volatile @Nullable Boolean composedTable;

	private final Duration allocationTimeout;

	private final JdbcTagCreation tagCreation;

	/** Whether the database is PostgreSQL; known from the first allocation on. */
	private volatile @Nullable Boolean postgres;

	/**
	 * Creates a store on a table, whose allocations give up after {@link #DEFAULT_ALLOCATION_TIMEOUT}.
	 * @param dataSource where the table is
	 * @param table the table's name, optionally with a schema ({@code schema.table})
	 * @throws IllegalArgumentException if the name is not a plain SQL identifier
	 */
	public JdbcSegmentStore(DataSource dataSource, String table) {
		this(dataSource, table, DEFAULT_ALLOCATION_TIMEOUT);
	}

	/**
	 * Creates a store on a table.
	 * @param dataSource where the table is
	 * @param table the table's name, optionally with a schema ({@code schema.table})
	 * @param allocationTimeout longest time one allocation may wait for the database (whole seconds,
	 * at least one): the statements' query timeout, and one second more the connection's network
	 * timeout
	 * @throws IllegalArgumentException if the name is not a plain SQL identifier or the timeout is
	 * under a second
	 */
	public JdbcSegmentStore(DataSource dataSource, String table, Duration allocationTimeout) {
		this(dataSource, table, SegmentTableColumns.DEFAULT_TAG_COLUMN, allocationTimeout);
	}

	/**
	 * Creates a store on a table whose tag column is {@code tagColumn}. Any other than {@code tag} names
	 * a table idgen did not create, such as Leaf's {@code leaf_alloc} with {@code biz_tag}: its columns
	 * are read once (see {@link #inspect()}), only those it has are used, and its {@code max_id} is read
	 * as Leaf reads it (see {@link SegmentTableColumns}). idgen creates no tags in such a table.
	 * @param dataSource where the table is
	 * @param table the table's name, optionally with a schema ({@code schema.table})
	 * @param tagColumn the name of the tag column
	 * @param allocationTimeout as for {@link #JdbcSegmentStore(DataSource, String, Duration)}
	 * @throws IllegalArgumentException if a name is not a plain SQL identifier or the timeout is under
	 * a second
	 */
	public JdbcSegmentStore(DataSource dataSource, String table, String tagColumn, Duration allocationTimeout) {
		SegmentTableColumns.requireColumnName(tagColumn);
		if (!TABLE_NAME.matcher(table).matches()) {
			throw new IllegalArgumentException("Segment table name '" + table
					+ "' is not a plain SQL identifier (letters, digits, '_', optionally schema.table)");
		}
		if (allocationTimeout.compareTo(Duration.ofSeconds(1)) < 0) {
			throw new IllegalArgumentException("allocationTimeout must be at least 1 second, was " + allocationTimeout);
		}
		this.dataSource = dataSource;
		this.table = table;
		this.allocationTimeout = allocationTimeout;
		// the distance to the limit in NUMERIC: in BIGINT a far-negative max_limit_id overflows ("bigint
		// out of range"), which would pass for an unreachable store instead of the bad row it is
		String update = "UPDATE " + table + " SET max_id = max_id + GREATEST(step, ?), version = version + 1,"
				+ " update_time = CURRENT_TIMESTAMP" + DURABLE_STATEMENT + " WHERE tag = ? AND step >= 1 AND max_id >= 0";
		this.updateReturning = update + " AND CAST(max_limit_id AS NUMERIC) - max_id > GREATEST(step, ?) RETURNING *";
		this.composedUpdateReturning = update + JdbcSegmentRow.POSTGRES_GOOD_COMPOSITION
				+ " AND " + JdbcSegmentRow.POSTGRES_SEQUENCE_LIMIT + " - max_id > GREATEST(step, ?) RETURNING *";
		this.tagColumn = tagColumn;
		this.rowLockAllocation = isOwnTable() ? RowLockAllocation.ownTable(table, READ_COMMITTED) : null;
		this.tagCreation = new JdbcTagCreation(dataSource, table, tagColumn, describe(), queryTimeoutSeconds());
	}

	/**
	 * Returns the longest time one allocation waits for the database.
	 * @return the allocation timeout
	 */
	public Duration getAllocationTimeout() {
		return this.allocationTimeout;
	}

	@Override
	public String describe() {
		return isOwnTable() ? "table " + this.table : "table " + this.table + " (tag column " + this.tagColumn + ")";
	}

	/**
	 * Reads which columns a table of Leaf's shape has, once; call it at start-up to fail early and to
	 * log what is used.
	 * @return its columns, or null on idgen's own table (tag column {@code tag}), which needs no look
	 * @throws IllegalStateException if the table lacks its tag column, {@code max_id} or {@code step}
	 * @throws SegmentStoreException if the table cannot be read
	 */
	public @Nullable SegmentTableColumns inspect() {
		if (isOwnTable()) {
			return null;
		}
		try (Connection connection = this.dataSource.getConnection()) {
			return foreignColumns(connection);
		}
		catch (SQLException ex) {
			throw new SegmentStoreException("Could not read the columns of segment " + describe() + ": "
					+ ex.getMessage(), ex);
		}
	}

	private boolean isOwnTable() {
		return SegmentTableColumns.isOwnTable(this.tagColumn);
	}

	private SegmentTableColumns foreignColumns(Connection connection) throws SQLException {
		SegmentTableColumns columns = this.foreignColumns;
		if (columns == null) {
			columns = SegmentTableColumns.read(connection, this.table, this.tagColumn);
			this.rowLockAllocation = RowLockAllocation.foreignTable(this.table, columns, READ_COMMITTED);
			this.foreignColumns = columns;
		}
		return columns;
	}

	@Override
	public SegmentRange allocate(String tag, int requestedStep) {
		if (requestedStep < 1) {
			throw new IllegalArgumentException("requestedStep must be at least 1, was " + requestedStep);
		}
		return allocate(tag, requestedStep, false);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Always the transaction with the row lock, also on PostgreSQL: its one-statement path takes at
	 * least the row's step.
	 */
	@Override
	public SegmentRange allocateExactly(String tag, int size) {
		if (size < 1) {
			throw new IllegalArgumentException("size must be at least 1, was " + size);
		}
		return allocate(tag, size, true);
	}

	@Override
	public SegmentStoreRecords records(int limit) {
		return JdbcSegmentRecords.read(this.dataSource, this.table, this.tagColumn, describe(), limit,
				queryTimeoutSeconds());
	}

	@Override
	public boolean hasTag(String tag) {
		return this.tagCreation.exists(tag);
	}

	@Override
	public String howToAddTag(String tag) {
		return isOwnTable() ? AddTagCommands.sqlInsert(this.table, tag)
				// Leaf's own way: its rows start at max_id 1
				: "INSERT INTO " + this.table + " (" + this.tagColumn + ", max_id, step) VALUES ('" + tag.replace("'", "''")
						+ "', 1, " + AddTagCommands.STEP + ");";
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * One {@code INSERT ... SELECT} with auto-commit; a concurrent creation of the same tag shows as a
	 * duplicate key and returns false.
	 */
	@Override
	public boolean createTagLike(String tag, String template, long maxLimitId, String description) {
		return this.tagCreation.createTagLike(tag, template, maxLimitId, description);
	}

	// a look for the row, then one INSERT of the columns the table has (JdbcTagCreation)
	@Override
	public SegmentTagCreation createTag(String tag, SegmentTagSettings settings) {
		return this.tagCreation.createTag(tag, settings);
	}

	/** Takes {@code step} ids, or, unless {@code exactly}, the row's step if that is larger. */
	private SegmentRange allocate(String tag, int requestedStep, boolean exactly) {
		try (Connection connection = this.dataSource.getConnection()) {
			// first and back last: the other settings are round trips on some drivers, and may hang too;
			// a second longer than the query timeout, so that a server that answers cancels the query
			// and the connection stays usable
			int networkTimeout = networkTimeout(connection,
					(int) Math.min(Integer.MAX_VALUE, this.allocationTimeout.plusSeconds(1).toMillis()));
			try {
				// its statements must not join a transaction other code left open: the range would not be
				// committed (the one-statement path) or that code's work would be (the transaction)
				LeftOpenTransactions.rollBack(connection, "the segment store on " + describe());
				return allocateOn(connection, tag, requestedStep, exactly);
			}
			finally {
				restoreQuietly(() -> networkTimeout(connection, networkTimeout));
			}
		}
		catch (SQLException ex) {
			throw new SegmentStoreException("Could not allocate a range of segment tag '" + tag + "' from " + describe()
					+ ": " + ex.getMessage(), ex);
		}
	}

	private SegmentRange allocateOn(Connection connection, String tag, int requestedStep, boolean exactly)
			throws SQLException {
		boolean onPostgres = isPostgres(connection);
		if (!isOwnTable()) {
			foreignColumns(connection);
		}
		// the one statement names idgen's own columns
		else if (onPostgres && !exactly) {
			if (this.composedTable == null) {
				this.composedTable = JdbcSegmentRow.hasCompositionColumns(connection, this.table);
			}
			SegmentRange range = allocateInOneStatement(connection, tag, requestedStep);
			if (range != null) {
				return range;
			}
		}
		RowLockAllocation allocation = Objects.requireNonNull(this.rowLockAllocation);
		return allocation.allocate(connection, tag, requestedStep, exactly, onPostgres, queryTimeoutSeconds(),
				describe(), howToAddTag(tag), (row) -> this.composedTable = row.composed());
	}

	/**
	 * PostgreSQL's allocation of a whole step: one {@code UPDATE ... RETURNING} with auto-commit, one
	 * round trip, the row locked only while the server runs it (a client that stalls cannot hold it).
	 * The statement returns only once its implicit commit is done. It runs at the session's isolation;
	 * under REPEATABLE READ it fails when another allocation committed first, and nothing was taken.
	 * @return the range, or null when the transaction of {@link #allocateInTransaction} must decide:
	 * the tag's last (short) range, an exhausted, unknown or bad row, a serialization failure
	 */
	private @Nullable SegmentRange allocateInOneStatement(Connection connection, String tag, int requestedStep)
			throws SQLException {
		boolean autoCommit = connection.getAutoCommit();
		if (!autoCommit) {
			// outside a transaction the driver only flips a flag
			connection.setAutoCommit(true);
		}
		boolean composed = Boolean.TRUE.equals(this.composedTable);
		try (PreparedStatement update = connection.prepareStatement(composed ? this.composedUpdateReturning
				: this.updateReturning)) {
			update.setQueryTimeout(queryTimeoutSeconds());
			update.setInt(1, requestedStep);
			update.setString(2, tag);
			update.setInt(3, requestedStep);
			try (ResultSet row = update.executeQuery()) {
				if (!row.next()) {
					return null;
				}
				// the statement moved max_id by the larger step and left step alone
				return read(row).rangeTaken(tag, Math.max(requestedStep, row.getInt("step")), describe());
			}
		}
		catch (SQLException ex) {
			if (SqlStates.isSerializationFailure(ex)) {
				return null;
			}
			throw ex;
		}
		finally {
			if (!autoCommit) {
				restoreQuietly(() -> connection.setAutoCommit(false));
			}
		}
	}

	/** Reads a row, and remembers whether the table has the composition columns. */
	private JdbcSegmentRow read(ResultSet row) throws SQLException {
		JdbcSegmentRow read = JdbcSegmentRow.read(row);
		this.composedTable = read.composed();
		return read;
	}

	private boolean isPostgres(Connection connection) throws SQLException {
		Boolean postgres = this.postgres;
		if (postgres == null) {
			postgres = "PostgreSQL".equals(connection.getMetaData().getDatabaseProductName());
			this.postgres = postgres;
		}
		return postgres;
	}

	/** A row lock held by a stalled instance ends a statement here, not only a silent network. */
	private int queryTimeoutSeconds() {
		return (int) Math.min(Integer.MAX_VALUE, this.allocationTimeout.toSeconds());
	}

}
