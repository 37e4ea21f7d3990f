package io.github.idgen.starter.redis;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An application on idgen-spring-boot-starter-redis alone, against a real redis-server: no Curator, no
 * ZooKeeper, no idgen-jdbc on its classpath, and it starts in Redis mode, leasing its worker id from
 * Redis and serving segment ids from Redis.
 */
@SpringBootTest(properties = { "xxx.common.redis-enabled=true", "xxx.common.redis-lease-group=redis-starter",
		"xxx.common.redis-lease-timeout=1s",
		"xxx.common.segment-enabled=true", "xxx.common.segment-store=redis" })
class RedisStarterApplicationTests {

	private static final RedisServer server = RedisServer.shared();

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", server::port);
	}

	@Autowired
	private IdService idService;

	@Autowired
	private IdServiceInfo info;

	@Autowired
	private SegmentIdServices segments;

	@Test
	void theClasspathHasNoZooKeeperAndNoJdbcBackend() {
		for (String className : new String[] { "org.apache.curator.framework.CuratorFramework",
				"org.apache.zookeeper.ZooKeeper", "io.github.idgen.cluster.ClusterDeploymentImpl",
				"io.github.idgen.jdbc.JdbcLeaseDeployment", "io.github.idgen.jdbc.segment.JdbcSegmentStore" }) {
			assertThatExceptionOfType(ClassNotFoundException.class).as(className)
				.isThrownBy(() -> Class.forName(className, false, getClass().getClassLoader()));
		}
	}

	@Test
	void theApplicationLeasesItsWorkerIdFromRedis() {
		assertThat(this.info.mode()).isEqualTo("redis");
		assertThat(this.idService).isInstanceOf(IdServiceProxy.class);
		assertThat(this.idService.nextIds(3)).doesNotHaveDuplicates().allSatisfy((id) -> assertThat(id).isPositive());
	}

	@Test
	void segmentIdsComeFromRedis() {
		server.cli("HSET", "idgen:segment:redis-starter-orders", "max_id", "0", "step", "10", "max_limit_id",
				"9223372036854775807");
		assertThat(this.segments.forTag("redis-starter-orders").nextIds(2)).containsExactly(1L, 2L);
		assertThat(this.segments.describeStore()).startsWith("Redis hashes");
	}

	@SpringBootApplication
	static class RedisStarterApplication {

	}

}
