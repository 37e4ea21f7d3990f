package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Allocation rules of the JDBC store, on H2; the real-server behaviour is in the scenario tests.
 */
class JdbcSegmentStoreTests {

	static final JdbcDataSource h2 = new JdbcDataSource();

	final JdbcSegmentStore store = new JdbcSegmentStore(h2, SegmentTables.TABLE);

	@BeforeAll
	static void createTable() {
		h2.setURL("jdbc:h2:mem:store-tests;DB_CLOSE_DELAY=-1");
		SegmentTables.createTable(h2);
	}

	@Test
	void allocatesFromOldMaxIdExclusiveToNewMaxIdInclusive() {
		String tag = SegmentTables.uniqueTag("orders");
		SegmentTables.insertTag(h2, tag, 500, 100, Long.MAX_VALUE);
		assertThat(this.store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 501, 600, 100, Long.MAX_VALUE));
		assertThat(this.store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 601, 700, 100, Long.MAX_VALUE));
		assertThat(SegmentTables.maxId(h2, tag)).isEqualTo(700);
	}

	@Test
	void takesTheLargerOfTheRequestedAndTheRowsStep() {
		String tag = SegmentTables.uniqueTag("step");
		SegmentTables.insertTag(h2, tag, 100);
		assertThat(this.store.allocate(tag, 250).size()).isEqualTo(250);
		assertThat(this.store.allocate(tag, 20).size()).isEqualTo(100);
	}

	@Test
	void lastRangeStopsAtMaxLimitIdThenTheTagIsExhaustedUntilTheLimitIsRaised() {
		String tag = SegmentTables.uniqueTag("limited");
		SegmentTables.insertTag(h2, tag, 0, 1000, 2500);
		this.store.allocate(tag, 1);
		this.store.allocate(tag, 1);
		assertThat(this.store.allocate(tag, 1)).extracting(SegmentRange::firstId, SegmentRange::lastId)
			.containsExactly(2001L, 2500L);
		assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> this.store.allocate(tag, 1))
			.withMessage("Segment tag '" + tag
					+ "' is exhausted: every id up to its max_limit_id 2500 in table idgen_segment was handed out");
		SegmentTables.update(h2, "UPDATE idgen_segment SET max_limit_id = 3000 WHERE tag = ?", tag);
		assertThat(this.store.allocate(tag, 1)).extracting(SegmentRange::firstId, SegmentRange::lastId)
			.containsExactly(2501L, 3000L);
	}

	@Test
	void unknownTagNamesTagAndTable() {
		assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> this.store.allocate("nope", 1))
			.withMessage("Segment tag 'nope' does not exist in table idgen_segment; an operator adds it with:"
					+ " INSERT INTO idgen_segment (tag, step) VALUES ('nope', 1000);");
	}

	@Test
	void rowWithoutAPositiveStepIsABadRowNotAStoreError() {
		String tag = SegmentTables.uniqueTag("zero-step");
		SegmentTables.insertTag(h2, tag, 0);
		assertThatIllegalStateException().isThrownBy(() -> this.store.allocate(tag, 5))
			.withMessage("Segment tag '" + tag + "' in table idgen_segment has step 0, but step must be at least 1");
		assertThat(SegmentTables.maxId(h2, tag)).isZero();
	}

	@Test
	void missingTableIsAStoreError() {
		JdbcSegmentStore missing = new JdbcSegmentStore(h2, "no_such_table");
		assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> missing.allocate("orders", 1))
			.withMessageContaining("Could not allocate a range of segment tag 'orders' from table no_such_table");
	}

	@Test
	void putsBackAutoCommitAndIsolationOfTheConnection() throws SQLException {
		String tag = SegmentTables.uniqueTag("restore");
		SegmentTables.insertTag(h2, tag, 10);
		try (Connection connection = h2.getConnection()) {
			connection.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
			new JdbcSegmentStore(new SingleConnectionDataSource(connection), SegmentTables.TABLE).allocate(tag, 1);
			assertThat(connection.getAutoCommit()).isTrue();
			assertThat(connection.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_SERIALIZABLE);
		}
	}

	@Test
	void refusesTableNamesThatAreNotIdentifiers() {
		assertThatIllegalArgumentException().isThrownBy(() -> new JdbcSegmentStore(h2, "t; DROP TABLE x"))
			.withMessageContaining("Segment table name 't; DROP TABLE x' is not a plain SQL identifier");
	}

	@Test
	void refusesAnAllocationTimeoutUnderASecond() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new JdbcSegmentStore(h2, SegmentTables.TABLE, Duration.ofMillis(999)))
			.withMessage("allocationTimeout must be at least 1 second, was PT0.999S");
	}

}
