package io.github.idgen.server;

import java.util.List;

import io.github.idgen.testsupport.PostgresServer;

import org.springframework.context.ConfigurableApplicationContext;

/** Creating tags on a real PostgreSQL server. */
class PostgresTagCreationTests extends TagCreationApiContract {

	private static final PostgresServer postgres = PostgresServer.shared();

	@Override
	List<String> storeArguments(int index) {
		return List.of("--spring.datasource.url=" + postgres.jdbcUrl(), "--spring.datasource.username=" + postgres.username(),
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
