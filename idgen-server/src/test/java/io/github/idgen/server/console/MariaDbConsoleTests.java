package io.github.idgen.server.console;

import java.util.List;

import io.github.idgen.testsupport.MariaDbServer;

/** The console's data on a real MariaDB server. */
class MariaDbConsoleTests extends ConsoleStoreContract {

	private static final MariaDbServer mariaDb = MariaDbServer.shared();

	@Override
	List<String> storeArguments() {
		return List.of("--spring.datasource.url=" + mariaDb.jdbcUrl(), "--spring.datasource.username=" + mariaDb.username(),
				"--spring.datasource.password=" + mariaDb.password(), "--xxx.common.id-worker-id=22",
				"--xxx.common.segment-initialize-schema=always");
	}

	@Override
	String storeDescription() {
		return "table idgen_segment";
	}

}
