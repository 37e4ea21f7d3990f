package io.github.idgen.sample;

import java.util.List;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.autoconfigure.segment.ConditionalOnSegmentStore;
import io.github.idgen.autoconfigure.segment.SegmentProperties;
import io.github.idgen.autoconfigure.segment.SegmentStoreType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Inserts the demo's segment tags into the segment table unless they exist, after the table was
 * created. Several instances may start at once on one database; the one that loses the race finds the
 * rows there.
 */
@Component
@DependsOnDatabaseInitialization
@ConditionalOnSwitch({ "xxx.common.segment-enabled", "sample.segment-demo-tags" })
@ConditionalOnSegmentStore(SegmentStoreType.JDBC)
class DemoSegmentTags implements InitializingBean {

	/**
	 * The demo's tags.
	 * @param tag the business tag
	 * @param step ids per range
	 * @param maxLimitId the largest id it may hand out
	 * @param description what its ids are for
	 */
	record DemoTag(String tag, int step, long maxLimitId, String description) {

		static final List<DemoTag> ALL = List.of(new DemoTag("orders", 1000, Long.MAX_VALUE, "order numbers"),
				new DemoTag("users", 100, Long.MAX_VALUE, "user ids"),
				// for a column that is an unsigned 32-bit integer
				new DemoTag("coupons", 100, 4_294_967_295L, "coupon codes, at most 2^32 - 1"));

	}

	private static final Logger logger = LoggerFactory.getLogger(DemoSegmentTags.class);

	private final JdbcTemplate jdbc;

	private final String table;

	DemoSegmentTags(DataSource dataSource, SegmentProperties properties) {
		this.jdbc = new JdbcTemplate(dataSource);
		this.table = properties.getSegmentTable();
	}

	@Override
	public void afterPropertiesSet() {
		DemoTag.ALL.forEach((tag) -> insertUnlessPresent(tag.tag(), tag.step(), tag.maxLimitId(), tag.description()));
	}

	private void insertUnlessPresent(String tag, int step, long maxLimitId, String description) {
		Integer rows = this.jdbc.queryForObject("SELECT COUNT(*) FROM " + this.table + " WHERE tag = ?", Integer.class,
				tag);
		if (rows != null && rows > 0) {
			return;
		}
		try {
			this.jdbc.update("INSERT INTO " + this.table + " (tag, step, max_limit_id, description) VALUES (?, ?, ?, ?)",
					tag, step, maxLimitId, description);
			logger.info("Added demo segment tag '{}' (step {}) to table {}", tag, step, this.table);
		}
		catch (DuplicateKeyException ex) {
			// another instance added it meanwhile
		}
	}

}
