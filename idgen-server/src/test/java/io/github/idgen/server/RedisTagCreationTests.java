package io.github.idgen.server;

import java.util.List;

import io.github.idgen.testsupport.RedisServer;

import org.springframework.context.ConfigurableApplicationContext;

/** Creating tags on a real redis-server: a tag's record is its hash. */
class RedisTagCreationTests extends TagCreationApiContract {

	private static final RedisServer redis = RedisServer.shared();

	@Override
	List<String> storeArguments(int index) {
		return List.of("--spring.data.redis.port=" + redis.port(), "--xxx.common.redis-enabled=true",
				"--xxx.common.redis-lease-group=tag-creation", "--xxx.common.redis-lease-timeout=1s");
	}

	@Override
	long records(ConfigurableApplicationContext server, String tag) {
		return Long.parseLong(redis.cli("EXISTS", "idgen:segment:" + tag).trim());
	}

	@Override
	int storedStep(ConfigurableApplicationContext server, String tag) {
		return Integer.parseInt(redis.cli("HGET", "idgen:segment:" + tag, "step").trim());
	}

}
