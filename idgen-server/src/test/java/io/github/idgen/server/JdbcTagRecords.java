package io.github.idgen.server;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/** How the JDBC stores' tag creation tests read a tag's rows, through a server's own pool. */
final class JdbcTagRecords {

	private JdbcTagRecords() {
	}

	static long rows(ConfigurableApplicationContext server, String tag) {
		return server.getBean(JdbcTemplate.class)
			.queryForObject("SELECT COUNT(*) FROM idgen_segment WHERE tag = ?", Long.class, tag);
	}

	static int step(ConfigurableApplicationContext server, String tag) {
		return server.getBean(JdbcTemplate.class)
			.queryForObject("SELECT step FROM idgen_segment WHERE tag = ?", Integer.class, tag);
	}

}
