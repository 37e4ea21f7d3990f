package io.github.idgen.server;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two servers on one real redis-server, as two instances behind a load balancer: each leases a
 * worker id of its own, and a short run of requests spread over both never gets one id twice, from
 * the default generator, a named one, or a segment tag.
 */
class RedisTwoServersTests {

	private static final String TOKEN = "two-servers-token-0123456789";

	private static final RedisServer redis = RedisServer.shared();

	private static final List<ConfigurableApplicationContext> servers = new ArrayList<>();

	@BeforeAll
	static void startTwoServers() {
		for (int i = 0; i < 2; i++) {
			servers.add(SpringApplication.run(IdgenServerApplication.class, "--server.port=0",
					"--spring.data.redis.port=" + redis.port(), "--xxx.common.redis-enabled=true",
					"--xxx.common.redis-lease-group=two-servers", "--xxx.common.redis-lease-timeout=1s",
					"--xxx.common.generators.js.layout=javascript-safe", "--idgen.server.tokens[0].name=caller",
					"--idgen.server.tokens[0].token=" + TOKEN));
		}
		servers.get(0).getBean(RedisSegmentStore.class).createTag("two-servers", 50, "idgen-server RedisTwoServersTests");
	}

	@AfterAll
	static void stopServers() {
		servers.forEach(ConfigurableApplicationContext::close);
	}

	@Test
	void eachLeasesItsOwnWorkerId() {
		assertThat(nodeId(servers.get(0))).isNotEqualTo(nodeId(servers.get(1)));
	}

	@Test
	void neverIssueOneIdTwice() throws Exception {
		List<String> paths = List.of("/v1/ids?count=200", "/v1/generators/js?count=50", "/v1/segments/two-servers?count=30",
				"/api/snowflake/get/js", "/api/segment/get/two-servers");
		ExecutorService callers = Executors.newFixedThreadPool(4);
		try {
			List<Future<List<String>>> calls = new ArrayList<>();
			for (int i = 0; i < 80; i++) {
				int port = port(servers.get(i % 2));
				String path = paths.get(i % paths.size());
				calls.add(callers.submit(() -> ids(port, path)));
			}
			Set<String> defaults = new HashSet<>();
			Set<String> named = new HashSet<>();
			Set<String> segments = new HashSet<>();
			int issued = 0;
			for (int i = 0; i < calls.size(); i++) {
				String path = paths.get(i % paths.size());
				Set<String> space = path.contains("segment") ? segments : path.contains("js") ? named : defaults;
				for (String id : calls.get(i).get()) {
					assertThat(space.add(id)).as("%s issued twice (%s)", id, path).isTrue();
					issued++;
				}
			}
			assertThat(issued).isEqualTo(16 * (200 + 50 + 30 + 1 + 1));
		}
		finally {
			callers.shutdownNow();
		}
	}

	private static List<String> ids(int port, String path) {
		HttpResponse<String> response = Http.get(port, path, TOKEN);
		assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
		return path.contains("count=") ? JsonPath.read(response.body(), "$") : List.of(response.body());
	}

	private static int nodeId(ConfigurableApplicationContext server) {
		IdService idService = server.getBean(IdService.class);
		return ((IdServiceProxy) idService).getLease().getNodeId();
	}

	private static int port(ConfigurableApplicationContext server) {
		return ((WebServerApplicationContext) server).getWebServer().getPort();
	}

}
