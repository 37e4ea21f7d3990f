package io.github.idgen.starter.jdbc;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.snowflake.IdService;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An application on idgen-spring-boot-starter-jdbc alone (and H2 as its database): no Curator, no
 * ZooKeeper, no Redis client on its classpath, and it starts in JDBC mode, leasing its worker id from
 * a row of the database and serving segment ids from its segment table.
 */
@SpringBootTest(properties = { "xxx.common.jdbc-enabled=true", "xxx.common.segment-enabled=true",
		"spring.datasource.url=jdbc:h2:mem:jdbc-starter;DB_CLOSE_DELAY=-1" })
class JdbcStarterApplicationTests {

	@Autowired
	private IdService idService;

	@Autowired
	private IdServiceInfo info;

	@Autowired
	private SegmentIdServices segments;

	@Autowired
	private JdbcTemplate jdbc;

	@Test
	void theClasspathHasNoZooKeeperAndNoRedisClient() {
		for (String className : new String[] { "org.apache.curator.framework.CuratorFramework",
				"org.apache.zookeeper.ZooKeeper", "io.github.idgen.cluster.ClusterDeploymentImpl",
				"io.lettuce.core.RedisClient", "io.github.idgen.redis.RedisConnector" }) {
			assertThatExceptionOfType(ClassNotFoundException.class).as(className)
				.isThrownBy(() -> Class.forName(className, false, getClass().getClassLoader()));
		}
	}

	@Test
	void theApplicationLeasesItsWorkerIdFromTheDatabase() {
		assertThat(this.info.mode()).isEqualTo("jdbc");
		assertThat(this.idService).isInstanceOf(IdServiceProxy.class);
		assertThat(((IdServiceProxy) this.idService).getLease().getPath()).startsWith("/idgen_worker_lease/default/");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM idgen_worker_lease WHERE holder IS NOT NULL",
				Integer.class)).isEqualTo(1);
		assertThat(this.idService.nextIds(3)).doesNotHaveDuplicates().allSatisfy((id) -> assertThat(id).isPositive());
	}

	@Test
	void segmentIdsComeFromTheSegmentTable() {
		this.jdbc.update("INSERT INTO idgen_segment (tag, step, description) VALUES ('orders', 100, 'orders')");
		assertThat(this.segments.forTag("orders").nextIds(2)).containsExactly(1L, 2L);
		assertThat(this.segments.describeStore()).contains("idgen_segment");
		assertThat(JdbcSegmentStore.class.getProtectionDomain().getCodeSource().getLocation().toString())
			.contains("idgen-jdbc");
	}

	@SpringBootApplication
	static class JdbcStarterApplication {

	}

}
