package io.github.idgen.server;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.idgen.autoconfigure.client.HttpSegmentStoreAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.client.HttpSegmentStore;
import io.github.idgen.client.ServerAccessDeniedException;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * idgen-client against two real servers (separate processes) on PostgreSQL: a Spring Boot
 * application with {@code xxx.common.server-urls} serves ids from memory; plain-Java clients keep
 * issuing unique, increasing ids while one server is killed with {@code kill -9} mid-run; a wrong
 * token is a clear error.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClientFailoverIT {

	static final String TOKEN = "client-token-4b7e1a9d2c5f";

	@RegisterExtension
	static final PostgresServer postgres = new PostgresServer();

	private static final List<ServerProcess> servers = new ArrayList<>();

	@BeforeAll
	static void startServers() {
		for (int i = 0; i < 2; i++) {
			servers.add(ServerProcess.start("client-" + i, List.of("--spring.datasource.url=" + postgres.jdbcUrl(),
					"--spring.datasource.username=" + postgres.username(), "--xxx.common.id-worker-id=" + (i + 1),
					"--xxx.common.segment-initialize-schema=always", "--idgen.server.tokens[0].name=clients",
					"--idgen.server.tokens[0].token=" + TOKEN)));
		}
		servers.forEach((server) -> server.awaitReady(Duration.ofSeconds(120)));
		postgres.execute("INSERT INTO idgen_segment (tag, step) VALUES ('orders', 5), ('spring', 100)");
	}

	@AfterAll
	static void stopServers() {
		servers.forEach(ServerProcess::close);
	}

	@Test
	@Order(1)
	void aSpringBootApplicationWithServerUrlsServesIdsFromMemory() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(HttpSegmentStoreAutoConfiguration.class,
					SegmentIdServicesAutoConfiguration.class))
			.withPropertyValues("xxx.common.server-urls=" + url(0) + "," + url(1), "xxx.common.server-token=" + TOKEN)
			.run((context) -> {
				IdService spring = context.getBean(SegmentIdServices.class).forTag("spring");
				List<Long> ids = new ArrayList<>();
				for (int i = 0; i < 150; i++) {
					ids.add(spring.nextId());
				}
				// the row's step of 100 came from the server as one range, then the next
				assertThat(ids.subList(0, 100)).containsExactlyElementsOf(
						java.util.stream.LongStream.rangeClosed(1, 100).boxed().toList());
				assertThat(ids).isSorted().doesNotHaveDuplicates();
			});
	}

	@Test
	@Order(2)
	void aWrongTokenIsAnAccessErrorNamingEveryServer() {
		HttpSegmentStore store = HttpSegmentStore.builder().servers(url(0), url(1)).token("not-the-token-123456").build();
		assertThatExceptionOfType(ServerAccessDeniedException.class).isThrownBy(() -> store.allocate("orders", 1))
			.withMessageStartingWith("Every idgen-server refused this client's token for segment tag 'orders'")
			.withMessageContaining(url(0) + ": HTTP 401")
			.withMessageContaining(url(1) + ": HTTP 401");
	}

	@Test
	@Order(3)
	void clientsFailOverWhenAServerDiesMidRun() throws Exception {
		AtomicBoolean running = new AtomicBoolean(true);
		ExecutorService executor = Executors.newFixedThreadPool(3);
		List<Future<List<Long>>> clients = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			clients.add(executor.submit(() -> {
				HttpSegmentStore store = HttpSegmentStore.builder()
					.servers(url(0), url(1))
					.token(TOKEN)
					.timeout(Duration.ofSeconds(2))
					.build();
				// small ranges, so that each client asks the servers again and again
				try (SegmentIdServices services = new SegmentIdServices(store,
						SegmentSettings.DEFAULTS.withMaxStep(20).withMaxWait(Duration.ofSeconds(5)))) {
					IdService orders = services.forTag("orders");
					List<Long> ids = new ArrayList<>();
					while (running.get()) {
						ids.add(orders.nextId());
					}
					return ids;
				}
			}));
		}
		ServerProcess.sleep(2000);
		servers.get(0).kill();
		ServerProcess.sleep(3000);
		running.set(false);
		Set<Long> all = new HashSet<>();
		for (Future<List<Long>> client : clients) {
			List<Long> ids = client.get();
			assertThat(ids).hasSizeGreaterThan(100).isSorted().doesNotHaveDuplicates();
			for (long id : ids) {
				assertThat(all.add(id)).as("id %d issued to two clients", id).isTrue();
			}
		}
		executor.shutdown();
		assertThat(servers.get(0).isAlive()).isFalse();
	}

	private static URI url(int server) {
		return URI.create("http://127.0.0.1:" + servers.get(server).port());
	}

}
