package io.github.idgen.autoconfigure.segment;

import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.jdbc.segment.SegmentTableColumns;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * At start-up, after the databases' initializers (a Flyway migration may create the table), reads
 * which columns a segment table idgen did not create has ({@code xxx.common.segment-tag-column} other
 * than {@code tag}, such as Leaf's {@code leaf_alloc}) and logs which it uses; a table without its tag
 * column, {@code max_id} or {@code step} stops start-up, before any id is issued from it.
 */
final class ForeignSegmentTableCheck {

	private static final Log logger = LogFactory.getLog(ForeignSegmentTableCheck.class);

	private final SegmentTableColumns columns;

	ForeignSegmentTableCheck(JdbcSegmentStore store) {
		SegmentTableColumns columns = store.inspect();
		if (columns == null) {
			throw new IllegalStateException("The segment store on " + store.describe()
					+ " is idgen's own table, not one of another's");
		}
		this.columns = columns;
		logger.info("Segment ids from " + columns.summary());
	}

	SegmentTableColumns columns() {
		return this.columns;
	}

}
