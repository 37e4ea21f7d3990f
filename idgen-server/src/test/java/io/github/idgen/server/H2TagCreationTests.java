package io.github.idgen.server;

import java.util.List;

import org.springframework.context.ConfigurableApplicationContext;

/** Creating tags on H2: two servers in one JVM share one in-memory database. */
class H2TagCreationTests extends TagCreationApiContract {

	@Override
	List<String> storeArguments(int index) {
		return List.of("--spring.datasource.url=jdbc:h2:mem:tag-creation;DB_CLOSE_DELAY=-1",
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
