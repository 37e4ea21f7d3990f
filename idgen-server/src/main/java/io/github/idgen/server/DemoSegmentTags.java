package io.github.idgen.server;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.segment.SegmentProperties;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Conditional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The demo's segment tags, inserted into its fresh in-memory database once the table exists:
 * orders, users, and coupons (at most 2^32 - 1, as for an unsigned 32-bit column).
 */
@Component
@DependsOnDatabaseInitialization
@Conditional(DemoSegmentTags.OnDemoWithSegments.class)
class DemoSegmentTags implements InitializingBean {

	private final JdbcTemplate jdbc;

	private final String table;

	DemoSegmentTags(DataSource dataSource, SegmentProperties properties) {
		this.jdbc = new JdbcTemplate(dataSource);
		this.table = properties.getSegmentTable();
	}

	@Override
	public void afterPropertiesSet() {
		String insert = "INSERT INTO " + this.table + " (tag, step, max_limit_id, description) VALUES (?, ?, ?, ?)";
		this.jdbc.update(insert, "orders", 1000, Long.MAX_VALUE, "demo: order numbers");
		this.jdbc.update(insert, "users", 100, Long.MAX_VALUE, "demo: user ids");
		this.jdbc.update(insert, "coupons", 100, 4_294_967_295L, "demo: coupon codes, at most 2^32 - 1");
	}

	static final class OnDemoWithSegments implements org.springframework.context.annotation.Condition {

		@Override
		public boolean matches(org.springframework.context.annotation.ConditionContext context,
				org.springframework.core.type.AnnotatedTypeMetadata metadata) {
			return ServerMode.of(context.getEnvironment()) == ServerMode.DEMO
					&& context.getEnvironment().getProperty("xxx.common.segment-enabled", Boolean.class, false);
		}

	}

}
