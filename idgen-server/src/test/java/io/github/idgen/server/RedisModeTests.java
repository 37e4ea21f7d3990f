package io.github.idgen.server;

import java.net.http.HttpResponse;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redis mode by configuration alone ({@code xxx.common.redis-enabled=true} and the connection), on a
 * real redis-server: the worker id leased as a hash, Snowflake ids of the default and of a named
 * generator carrying it, and segment ids from Redis without choosing a store (a lease timeout of 1 s
 * only so that the first lease of a fresh server waits less).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.redis-enabled=true", "xxx.common.redis-lease-timeout=1s",
				"xxx.common.generators.js.layout=javascript-safe", "idgen.server.tokens[0].name=redis-caller",
				"idgen.server.tokens[0].token=" + RedisModeTests.TOKEN, "idgen.server.tokens[0].manage=true" })
@ExtendWith(OutputCaptureExtension.class)
class RedisModeTests {

	static final String TOKEN = "redis-token-8a1b2c3d4e5f6a7b";

	static final RedisServer redis = RedisServer.shared();

	@LocalServerPort
	private int port;

	@Autowired
	private IdService idService;

	@Autowired
	private IdGenerators generators;

	@Autowired
	private RedisSegmentStore store;

	@Autowired
	private Environment environment;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", redis::port);
	}

	@BeforeEach
	void tag() {
		this.store.createTag("invoices", 100, "idgen-server RedisModeTests");
	}

	@Test
	void snowflakeIdsCarryTheWorkerIdLeasedInRedis() {
		WorkerIdLease lease = lease();
		assertThat(redis.cli("HGET", "idgen:lease:default:" + lease.getNodeId(), "holder"))
			.isEqualTo(lease.getHolder().token());
		String id = Http.get(this.port, "/v1/ids/next", TOKEN).body();
		String decoded = Http.get(this.port, "/v1/ids/" + id, TOKEN).body();
		assertThat((Integer) JsonPath.read(decoded, "$.workerId")).isEqualTo(lease.getWorkerId());
		String health = Http.get(this.port, "/actuator/health", TOKEN).body();
		assertThat((String) JsonPath.read(health, "$.status")).isEqualTo("UP");
		assertThat((String) JsonPath.read(health, "$.components.idgen.details.mode")).isEqualTo("redis");
		assertThat(Http.get(this.port, "/actuator/health/readiness").statusCode()).isEqualTo(200);
	}

	/**
	 * The holder token proves the lease in its record: health, which monitoring systems scrape and
	 * keep, shows the lease without it ({@code /actuator/idgen}, for operators, still names it).
	 */
	@Test
	void healthDetailsShowTheLeaseButNotItsHolderToken() {
		WorkerIdLease lease = lease();
		String health = Http.get(this.port, "/actuator/health", TOKEN).body();
		Map<String, Object> details = JsonPath.read(health, "$.components.idgen.details");
		assertThat(details).containsEntry("leasePath", lease.getPath()).doesNotContainKey("holderToken");
		assertThat(health).doesNotContain(lease.getHolder().token());
	}

	@Test
	void aNamedGeneratorIssuesUnderTheSameLease() {
		WorkerIdLease lease = lease();
		assertThat(this.generators.get("js")).isInstanceOf(IdServiceProxy.class);
		long id = Long.parseLong(Http.get(this.port, "/api/snowflake/get/js", TOKEN).body());
		assertThat(id).isLessThan(1L << 53);
		SnowflakeId parts = this.generators.layout("js").decompose(id);
		assertThat(parts.workerId()).isEqualTo(lease.getWorkerId());
		assertThat(parts.datacenterId()).isEqualTo(lease.getDatacenterId());
	}

	@Test
	void segmentIdsComeFromRedisWithoutChoosingAStore(CapturedOutput output) {
		assertThat(this.environment.getProperty("xxx.common.segment-store")).isEqualTo("redis");
		HttpResponse<String> response = Http.get(this.port, "/api/segment/get/invoices", TOKEN);
		assertThat(response.statusCode()).isEqualTo(200);
		long id = Long.parseLong(response.body());
		assertThat(Long.parseLong(redis.cli("HGET", "idgen:segment:invoices", "max_id"))).isGreaterThanOrEqualTo(id);
		String range = Http.post(this.port, "/v1/segments/invoices/ranges?size=10", TOKEN).body();
		assertThat(Long.parseLong(JsonPath.read(range, "$.last")) - Long.parseLong(JsonPath.read(range, "$.first")))
			.isEqualTo(9);
		assertThat(Http.get(this.port, "/api/segment/get/no-such-tag", TOKEN).statusCode()).isEqualTo(404);
		assertThat(output).contains("idgen-server is serving on")
			.contains("redis mode, worker id " + lease().getWorkerId())
			.contains(", named generators js;")
			.contains("segment ids from Redis hashes idgen:segment:<tag> at redis://localhost:" + redis.port()
					+ " (xxx.common.segment-store=redis, Redis mode's default);");
	}

	private WorkerIdLease lease() {
		return ((IdServiceProxy) this.idService).getLease();
	}

}
