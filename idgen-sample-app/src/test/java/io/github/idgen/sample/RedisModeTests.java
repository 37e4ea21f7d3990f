package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample in Redis mode on a real redis-server, switched on as its docs say
 * ({@code --xxx.common.redis-enabled=true --xxx.common.segment-store=redis} and the port; a lease
 * timeout of 1s only so that the first lease of a fresh server waits less): no ZooKeeper, the worker id
 * leased as a hash, the demo tags created in Redis, and health, readiness, the endpoints and the
 * meters showing both.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { "xxx.common.redis-enabled=true",
		"xxx.common.segment-store=redis", "xxx.common.redis-lease-timeout=1s" })
class RedisModeTests {

	static final RedisServer redis = RedisServer.shared();

	@LocalServerPort
	private int port;

	@Autowired
	private ApplicationContext context;

	@Autowired
	private IdService idService;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", redis::port);
	}

	@Test
	void leasesItsWorkerIdFromRedisWithoutZooKeeper() {
		assertThat(this.context.getBeansOfType(EmbeddedZooKeeper.class)).isEmpty();
		WorkerIdLease lease = ((IdServiceProxy) this.idService).getLease();
		String key = "idgen:lease:default:" + lease.getNodeId();
		assertThat(lease.getPath()).isEqualTo("redis://localhost:" + redis.port() + "/" + key);
		assertThat(redis.cli("HGET", key, "holder")).isEqualTo(lease.getHolder().token());
		assertThat(Http.get(this.port, "/ids/next").statusCode()).isEqualTo(200);
	}

	@Test
	void healthReadinessTheEndpointAndTheMetersShowTheLease() {
		WorkerIdLease lease = ((IdServiceProxy) this.idService).getLease();
		String health = Http.get(this.port, "/actuator/health").body();
		assertThat((String) JsonPath.read(health, "$.status")).isEqualTo("UP");
		Map<String, Object> details = JsonPath.read(health, "$.components.idgen.details");
		assertThat(details).containsEntry("mode", "redis")
			.containsEntry("leasePath", lease.getPath())
			.doesNotContainKey("holderToken")
			.containsEntry("claimId", Long.toString(lease.getClaimId()))
			.doesNotContainKey("sessionId");
		assertThat(Http.get(this.port, "/actuator/health/readiness").statusCode()).isEqualTo(200);
		String idgen = Http.get(this.port, "/actuator/idgen").body();
		assertThat((String) JsonPath.read(idgen, "$.mode")).isEqualTo("redis");
		assertThat((String) JsonPath.read(idgen, "$.lease.holder.token")).isEqualTo(lease.getHolder().token());
		assertThat(Http.get(this.port, "/actuator/metrics/idgen.redis.reconnects").statusCode()).isEqualTo(200);
	}

	@Test
	void servesTheDemoTagsFromRedis() {
		HttpResponse<String> response = Http.get(this.port, "/segments/coupons/next");
		assertThat(response.statusCode()).isEqualTo(200);
		long id = Long.parseLong(response.body());
		assertThat(Long.parseLong(redis.cli("HGET", "idgen:segment:coupons", "max_id"))).isGreaterThanOrEqualTo(id);
		assertThat(redis.cli("HGET", "idgen:segment:coupons", "max_limit_id")).isEqualTo("4294967295");
		assertThat(redis.cli("HGET", "idgen:segment:orders", "step")).isEqualTo("1000");
		String segments = Http.get(this.port, "/actuator/idgenSegments").body();
		assertThat((String) JsonPath.read(segments, "$.store"))
			.isEqualTo("Redis hashes idgen:segment:<tag> at redis://localhost:" + redis.port());
		assertThat(Http.get(this.port, "/segments/nobody-created-this/next").statusCode()).isEqualTo(404);
	}

	@Test
	void servesTheDemoCodeFromADaysHashCreatedLikeTheOrdersTag() {
		String today = LocalDate.now(ZoneOffset.UTC).format(DateTimeFormatter.BASIC_ISO_DATE);
		HttpResponse<String> response = Http.get(this.port, "/codes/orders/next");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).matches("ORD" + today + "\\d{6}");
		assertThat(redis.cli("HMGET", "idgen:segment:orders:" + today, "step", "max_limit_id").split("\n"))
			.containsExactly("1000", "999999");
	}

}
