package io.github.idgen.server;

import java.util.List;

import io.github.idgen.testsupport.MariaDbServer;

import org.springframework.context.ConfigurableApplicationContext;

/** Creating tags on a real MariaDB server. */
class MariaDbTagCreationTests extends TagCreationApiContract {

	private static final MariaDbServer mariaDb = MariaDbServer.shared();

	@Override
	List<String> storeArguments(int index) {
		return List.of("--spring.datasource.url=" + mariaDb.jdbcUrl(), "--spring.datasource.username=" + mariaDb.username(),
				"--spring.datasource.password=" + mariaDb.password(),
				"--xxx.common.id-worker-id=" + (11 + index), "--xxx.common.segment-initialize-schema=always");
	}

	@Override
	long records(ConfigurableApplicationContext server, String tag) {
		return JdbcTagRecords.rows(server, tag);
	}

	@Override
	int storedStep(ConfigurableApplicationContext server, String tag) {
		return JdbcTagRecords.step(server, tag);
	}

}
