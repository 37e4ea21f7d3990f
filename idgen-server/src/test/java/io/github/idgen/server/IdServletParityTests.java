package io.github.idgen.server;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.context.support.ServletRequestHandledEvent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The id endpoints served by idgen-server's own servlet answer exactly as Spring MVC does: two
 * servers on the same settings, one with the servlet ({@code idgen.server.id-servlet.enabled}, the
 * default) and one without, get the same requests, good and bad, and give the same status, headers
 * and body (ids aside), and the same request metrics; and Spring MVC's {@code DispatcherServlet}
 * never sees the requests the servlet answers.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdServletParityTests {

	private static final String TOKEN = "parity-token-0123456789abcdef";

	private static final String LIMITED = "parity-limited-token-0123456789";

	private static final String MANAGER = "parity-manager-token-0123456789";

	/** Headers that differ between any two answers. */
	private static final List<String> VOLATILE_HEADERS = List.of("date", "keep-alive", "connection");

	private final List<ConfigurableApplicationContext> servers = new ArrayList<>();

	/** The request URLs Spring MVC handled, per server. */
	private final List<Queue<String>> springMvcRequests = List.of(new ConcurrentLinkedQueue<>(),
			new ConcurrentLinkedQueue<>());

	@BeforeAll
	void startServers() {
		// one after the other: two at once would set the JVM's one Logback context up at once
		this.servers.add(start(0, true));
		this.servers.add(start(1, false));
	}

	private ConfigurableApplicationContext start(int index, boolean idServlet) {
		SpringApplication application = new SpringApplication(IdgenServerApplication.class);
		Queue<String> handled = this.springMvcRequests.get(index);
		application.addListeners(new SpringMvcRequests(handled));
		return application.run("--server.port=0", "--idgen.server.id-servlet.enabled=" + idServlet,
				"--spring.datasource.url=jdbc:h2:mem:parity" + index + ";DB_CLOSE_DELAY=-1",
				"--xxx.common.jdbc-enabled=true", "--xxx.common.jdbc-initialize-schema=always",
				"--xxx.common.segment-initialize-schema=always", "--xxx.common.segment-tags.bench.step=1000",
				"--xxx.common.generators.orders.shard-bits=2", "--idgen.server.tokens[0].name=caller",
				"--idgen.server.tokens[0].token=" + TOKEN, "--idgen.server.tokens[1].name=limited",
				"--idgen.server.tokens[1].token=" + LIMITED, "--idgen.server.tokens[1].tags=other",
				"--idgen.server.tokens[2].name=manager", "--idgen.server.tokens[2].token=" + MANAGER,
				"--idgen.server.tokens[2].manage=true");
	}

	@AfterAll
	void stopServers() {
		this.servers.forEach(ConfigurableApplicationContext::close);
	}

	static Stream<Arguments> requests() {
		List<Arguments> requests = new ArrayList<>();
		for (String path : List.of("/api/segment/get/bench", "/api/segment/get/nope", "/api/snowflake/get/x",
				"/api/snowflake/get/orders", "/api/snowflake/get/orders?shard=1", "/api/snowflake/get/orders?key=abc",
				"/v1/ids/next", "/v1/ids/next?shard=1", "/v1/generators/orders/next",
				"/v1/generators/orders/next?shard=1", "/v1/generators/orders/next?shard=9",
				"/v1/generators/orders/next?shard=1&shard=2", "/v1/generators/nope/next", "/v1/segments/bench/next",
				"/v1/segments/nope/next", "/v1/segments/bench/next?shard=1", "/v1/segments/bench?count=2",
				"/v1/segments/bench", "/v1/segments/bench/ids/5", "/v1/generators/orders?count=2&shard=1",
				"/api/segment/get/", "/api/segment/get/a/b", "/v1/segments/bench/next/", "/v1/segments/b%20c/next",
				"/v1/segments/bench;x=1/next", "/v1/generators", "/v1/ids/next/", "/v1/segments/bench/ranges?step=10")) {
			requests.add(Arguments.of("GET", path, TOKEN, null));
		}
		for (String path : List.of("/v1/ids/next", "/v1/segments/bench/next", "/api/segment/get/bench",
				"/api/snowflake/get/x")) {
			requests.add(Arguments.of("GET", path, null, null));
			requests.add(Arguments.of("GET", path, "not-a-token-0123456789", null));
			requests.add(Arguments.of("GET", path, LIMITED, null));
			for (String method : List.of("POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE")) {
				requests.add(Arguments.of(method, path, TOKEN, null));
			}
			for (String accept : List.of("*/*", "text/plain", "application/json", "text/html, */*; q=0.2",
					"application/problem+json")) {
				requests.add(Arguments.of("GET", path, TOKEN, accept));
			}
		}
		requests.add(Arguments.of("POST", "/v1/segments/bench/ranges?step=10", TOKEN, null));
		return requests.stream();
	}

	@ParameterizedTest(name = "{0} {1}, token {2}, Accept {3}")
	@MethodSource("requests")
	void answersAsSpringMvcDoes(String method, String path, @Nullable String token, @Nullable String accept) {
		Answer withServlet = send(0, method, path, token, accept);
		Answer springMvc = send(1, method, path, token, accept);
		assertThat(withServlet).isEqualTo(springMvc);
	}

	@Test
	void springMvcNeverSeesTheIdsTheServletAnswers() throws InterruptedException {
		List<String> hot = List.of("/api/segment/get/bench", "/api/snowflake/get/x", "/v1/ids/next",
				"/v1/generators/orders/next?shard=1", "/v1/segments/bench/next", "/v1/segments/nope/next");
		for (int server = 0; server < 2; server++) {
			this.springMvcRequests.get(server).clear();
			for (String path : hot) {
				send(server, "GET", path, TOKEN, null);
			}
			// another endpoint under a prefix of the servlet's is Spring MVC's, on both
			send(server, "POST", "/v1/segments/bench/ranges?step=10", TOKEN, null);
		}
		// Spring MVC tells of a request just after its answer went out
		awaitSpringMvcRequests(0, 1);
		awaitSpringMvcRequests(1, hot.size() + 1);
		assertThat(this.springMvcRequests.get(0)).containsExactly("/v1/segments/bench/ranges");
		assertThat(this.springMvcRequests.get(1)).hasSize(hot.size() + 1);
	}

	private void awaitSpringMvcRequests(int server, int count) throws InterruptedException {
		for (int i = 0; i < 500 && this.springMvcRequests.get(server).size() < count; i++) {
			Thread.sleep(10);
		}
	}

	@Test
	void requestMetricsAreTheSame() {
		for (String path : List.of("/v1/segments/bench/next", "/v1/segments/nope/next", "/api/snowflake/get/orders",
				"/v1/generators/orders/next?shard=3", "/v1/ids/next")) {
			for (int server = 0; server < 2; server++) {
				send(server, "GET", path, TOKEN, null);
				send(server, "GET", path, null, null);
			}
		}
		assertThat(requestCounts(0)).isNotEmpty().isEqualTo(requestCounts(1));
	}

	/** Every http.server.requests series of a server's id endpoints, with its count. */
	private List<String> requestCounts(int server) {
		String scrape = send(server, "GET", "/actuator/prometheus", MANAGER, null).body();
		return scrape.lines()
			.filter((line) -> line.startsWith("http_server_requests_seconds_count{"))
			.filter((line) -> line.contains("uri=\"/api/") || line.contains("/next\""))
			.sorted()
			.toList();
	}

	private Answer send(int server, String method, String path, @Nullable String token, @Nullable String accept) {
		int port = ((WebServerApplicationContext) this.servers.get(server)).getWebServer().getPort();
		HttpRequest.Builder request = Http.request(port, path, token)
			.method(method, HttpRequest.BodyPublishers.noBody());
		if (accept != null) {
			request.header("Accept", accept);
		}
		HttpResponse<String> response = Http.send(request.build());
		Map<String, List<String>> headers = new TreeMap<>();
		response.headers().map().forEach((name, values) -> {
			if (!VOLATILE_HEADERS.contains(name.toLowerCase())) {
				headers.put(name.toLowerCase(), values);
			}
		});
		return new Answer(response.statusCode(), headers, idsMasked(response.body()));
	}

	/** A body with its ids (an id alone, or ids as JSON strings) replaced, since each server issues its own. */
	private static String idsMasked(String body) {
		return body.matches("[0-9]+") ? "<id>" : body.replaceAll("\"[0-9]{4,19}\"", "\"<id>\"");
	}

	record Answer(int status, Map<String, List<String>> headers, String body) {
	}

	/** Collects what Spring MVC's {@code DispatcherServlet} handled, from its event per request. */
	private record SpringMvcRequests(Queue<String> urls) implements ApplicationListener<ServletRequestHandledEvent> {

		@Override
		public void onApplicationEvent(ServletRequestHandledEvent event) {
			this.urls.add(event.getRequestUrl());
		}

	}

}
