package io.github.idgen.server.console;

import java.util.List;

import io.github.idgen.testsupport.RedisServer;

/** The console's data on a real redis-server: a tag's record is its hash. */
class RedisConsoleTests extends ConsoleStoreContract {

	private static final RedisServer redis = RedisServer.shared();

	@Override
	List<String> storeArguments() {
		return List.of("--spring.data.redis.port=" + redis.port(), "--xxx.common.redis-enabled=true",
				"--xxx.common.redis-lease-group=console", "--xxx.common.redis-lease-timeout=1s");
	}

	@Override
	String storeDescription() {
		return "Redis hashes idgen:segment:<tag>";
	}

}
