package io.github.idgen.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import javax.sql.DataSource;

import io.github.idgen.lease.HighWaterMark;
import io.github.idgen.lease.LeaseBackend;
import io.github.idgen.lease.LeaseHolder;
import io.github.idgen.lease.NodeIdRange;
import io.github.idgen.lease.WorkerIdLease;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leases as rows of a table (see {@link LeaseTable}): a row's {@code holder} is its holder's token,
 * {@code version} rises with every write of anyone, {@code mark_millis} is its high-water mark.
 * <p>
 * A claim and a mark write are updates conditioned on the version read; a renewal and a give-back are
 * updates conditioned on {@code holder} being our token. A held row is claimed only after its version
 * stood still for a whole lease timeout on this instance's monotonic clock ({@link RowObservations});
 * when the range has no free row, {@link #heldNodeIds} watches the held rows that long before it
 * answers. Each request runs as {@link LeaseRequests} describes: on a connection of the pool outside any
 * transaction, each statement committed by the time the server answers it.
 */
final class JdbcLeaseBackend implements LeaseBackend {

	private static final Logger logger = LoggerFactory.getLogger(JdbcLeaseBackend.class);

	private static final int NONE = -1;

	private final LeaseTable table;

	private final LeaseSchemaInitialization initialization;

	private final long leaseTimeoutMillis;

	private final LeaseRequests requests;

	private final long markAheadMillis;

	private final LongSupplier nanoClock;

	private final RowObservations observations;

	private volatile @Nullable LeaseStatements statements;

	JdbcLeaseBackend(DataSource dataSource, LeaseTable table, LeaseSchemaInitialization initialization,
			long leaseTimeoutMillis, long requestTimeoutMillis, long markAheadMillis, LongSupplier nanoClock) {
		this.table = table;
		this.initialization = initialization;
		this.leaseTimeoutMillis = leaseTimeoutMillis;
		this.requests = new LeaseRequests(dataSource, "the worker-id lease at " + location(), requestTimeoutMillis);
		this.markAheadMillis = markAheadMillis;
		this.nanoClock = nanoClock;
		this.observations = new RowObservations(TimeUnit.MILLISECONDS.toNanos(leaseTimeoutMillis));
	}

	@Override
	public String location() {
		return "/" + this.table.table + "/" + this.table.group;
	}

	@Override
	public String location(int nodeId) {
		return location() + "/" + nodeId;
	}

	@Override
	public long leaseTimeoutMillis() {
		return this.leaseTimeoutMillis;
	}

	/** Creates the table if allowed, and the rows of the range that are missing, once. */
	@Override
	public void prepare(NodeIdRange range) throws Exception {
		if (this.statements == null) {
			this.statements = this.requests
				.run((connection) -> this.table.prepare(connection, this.initialization, range));
		}
	}

	/**
	 * Returns the rows with a live holder. A row whose version stood still for a whole lease timeout
	 * is left out: its holder is dead, and {@link #claim} may take it over. If every row of the range is
	 * held, watches them for one lease timeout first, so that a dead holder's row is found.
	 */
	@Override
	public Set<Integer> heldNodeIds(NodeIdRange range) throws Exception {
		int first = range.first();
		int last = range.last();
		long timeout = TimeUnit.MILLISECONDS.toNanos(this.leaseTimeoutMillis);
		Set<Integer> held = liveHolders(first, last);
		// measured from after the first read: a row first seen then and unchanged since is stale at the end
		long start = this.nanoClock.getAsLong();
		for (;;) {
			long waited = this.nanoClock.getAsLong() - start;
			if (held.size() <= last - first || waited >= timeout) {
				return held;
			}
			long pause = Math.min(TimeUnit.NANOSECONDS.toMillis(timeout - waited) + 1, this.leaseTimeoutMillis / 4 + 1);
			Thread.sleep(pause);
			held = liveHolders(first, last);
		}
	}

	private Set<Integer> liveHolders(int first, int last) throws SQLException {
		return this.requests.run((connection) -> {
			Set<Integer> held = new HashSet<>();
			try (PreparedStatement select = this.requests.statement(connection, this.table.selectRows)) {
				select.setString(1, this.table.group);
				select.setInt(2, first);
				select.setInt(3, last);
				try (ResultSet rows = select.executeQuery()) {
					long seenAt = this.nanoClock.getAsLong();
					while (rows.next()) {
						int nodeId = rows.getInt(1);
						long version = rows.getLong(3);
						this.observations.saw(nodeId, version, rows.getString(2) != null, seenAt);
						if (rows.getString(2) != null && !this.observations.isAbandoned(nodeId, version, seenAt)) {
							held.add(nodeId);
						}
					}
				}
			}
			return held;
		});
	}

	@Override
	public Set<Integer> recordedNodeIds() throws Exception {
		return this.requests.run((connection) -> {
			Set<Integer> named = new HashSet<>();
			try (PreparedStatement select = this.requests.statement(connection, this.table.selectNamed)) {
				select.setString(1, this.table.group);
				try (ResultSet rows = select.executeQuery()) {
					while (rows.next()) {
						named.add(rows.getInt(1));
					}
				}
			}
			return named;
		});
	}

	/**
	 * Reads a row as a mark record: its token is the live holder's (empty for a free row), and it was
	 * written as far ahead of its writer's clock as the row says. A row that does not say (written by an
	 * earlier version, or a table without the column) is taken as written this instance's mark-ahead
	 * ahead.
	 */
	@Override
	public VersionedMark readMark(int nodeId) throws Exception {
		return this.requests.run((connection) -> {
			try (PreparedStatement select = this.requests.statement(connection, statements().selectRow())) {
				select.setString(1, this.table.group);
				select.setInt(2, nodeId);
				try (ResultSet row = select.executeQuery()) {
					if (!row.next()) {
						return new VersionedMark(HighWaterMark.NONE, NONE);
					}
					long version = row.getLong(3);
					String holder = row.getString(1);
					this.observations.saw(nodeId, version, holder != null, this.nanoClock.getAsLong());
					String instanceName = row.getString(2);
					long mark = row.getLong(4);
					long ahead = (row.getLong(5) > 0) ? row.getLong(5) : Math.min(mark, this.markAheadMillis);
					return new VersionedMark(new HighWaterMark(mark, ahead, (instanceName != null) ? instanceName : "",
							"", 0, (holder != null) ? holder : ""), version);
				}
			}
		});
	}

	@Override
	public boolean writeMark(int nodeId, long version, long claimId, HighWaterMark record) throws Exception {
		return update(statements().writeMark(), nodeId, version, record.token(), markValues(record)) == 1;
	}

	@Override
	public Claim claim(int nodeId, LeaseHolder holder, long markVersion, HighWaterMark record) throws Exception {
		boolean takeover = this.observations.isAbandoned(nodeId, markVersion, this.nanoClock.getAsLong());
		int updated = this.requests.run((connection) -> {
			try (PreparedStatement claim = this.requests.statement(connection, statements().claim())) {
				int index = 1;
				claim.setString(index++, holder.token());
				claim.setString(index++, holder.instanceName());
				for (long value : markValues(record)) {
					claim.setLong(index++, value);
				}
				claim.setString(index++, this.table.group);
				claim.setInt(index++, nodeId);
				claim.setLong(index++, markVersion);
				claim.setInt(index, takeover ? 1 : 0);
				return claim.executeUpdate();
			}
		});
		if (updated == 1) {
			if (takeover) {
				logger.warn("Took over worker id row {}: its holder's row stood still at version {} for a whole lease"
						+ " timeout ({} ms) on this host's monotonic clock, so that holder stopped issuing by its"
						+ " deadline", location(nodeId), markVersion, this.leaseTimeoutMillis);
			}
			return Claim.claimed(0, Instant.now());
		}
		VersionedMark now = readMark(nodeId);
		boolean held = !now.mark().token().isEmpty()
				&& !this.observations.isAbandoned(nodeId, now.version(), this.nanoClock.getAsLong());
		return (now.version() == NONE || held || now.version() == markVersion) ? Claim.HELD_BY_ANOTHER
				: Claim.MARK_CHANGED;
	}

	/**
	 * Renews the lease: raises the row's version, on the condition that it still names our token. The
	 * keeper took the send time before calling, so the deadline it derives is never later than it
	 * should be.
	 */
	@Override
	public @Nullable String checkHeld(WorkerIdLease lease) throws Exception {
		int updated = update(statements().renew(), lease.getNodeId(), null, lease.getHolder().token());
		return (updated == 1) ? null : "lease row " + lease.getPath() + " no longer names this holder (taken over)";
	}

	@Override
	public boolean giveBack(WorkerIdLease lease) throws Exception {
		return update(statements().giveBack(), lease.getNodeId(), null, lease.getHolder().token()) == 1;
	}

	private LeaseStatements statements() {
		LeaseStatements prepared = this.statements;
		if (prepared == null) {
			throw new IllegalStateException("The lease table at " + location() + " was not prepared");
		}
		return prepared;
	}

	/** The mark and, where the table has the column, how far ahead it was written. */
	private long[] markValues(HighWaterMark record) {
		return statements().markAhead() ? new long[] { record.markMillis(), record.aheadMillis() }
				: new long[] { record.markMillis() };
	}

	/** An update of one row: leading values, the row, an optional version, the holder. */
	private int update(String sql, int nodeId, @Nullable Long version, String holder, long... leading)
			throws SQLException {
		return this.requests.run((connection) -> {
			try (PreparedStatement update = this.requests.statement(connection, sql)) {
				int index = 1;
				for (long value : leading) {
					update.setLong(index++, value);
				}
				update.setString(index++, this.table.group);
				update.setInt(index++, nodeId);
				if (version != null) {
					update.setLong(index++, version);
				}
				update.setString(index, holder);
				return update.executeUpdate();
			}
		});
	}

	/**
	 * Returns whether the last request reached the database; after a failed one, asks it (the keeper
	 * asks while its lease is fenced, to know when to recover).
	 */
	@Override
	public boolean isConnected() {
		return this.requests.isConnected();
	}

	/**
	 * Returns how often requests succeeded again after a failed one.
	 * @return the count since start
	 */
	long getReconnects() {
		return this.requests.getReconnects();
	}

}
