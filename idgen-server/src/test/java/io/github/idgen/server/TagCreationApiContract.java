package io.github.idgen.server;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.testsupport.AtOnce;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationContextInitializedEvent;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code PUT /v1/segments/{tag}} over real HTTP against two servers on one store, as two instances
 * behind a load balancer: every answer (201, 200, 409, 400, 401, 403, 404), the created tag's ids, and
 * racing creations of one tag on both servers ending in one record. Each store's class says how to
 * reach it and how to count a tag's records there.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TagCreationApiContract {

	static final String ADMIN = "tag-admin-token-0123456789";

	static final String CALLER = "tag-caller-token-0123456789";

	static final String LIMITED_ADMIN = "tag-limited-admin-token-0123456789";

	/** The one tag the limited admin may create. */
	static final String LIMITED_TAG = "limited-tag";

	private static final AtomicInteger tags = new AtomicInteger();

	private final List<ConfigurableApplicationContext> servers = new ArrayList<>();

	/** Per run, so that a store kept from an earlier run holds none of this run's tags. */
	private final String run = Long.toString(System.nanoTime() % 1_000_000, 36);

	/**
	 * The arguments of server {@code index} for this store.
	 * @param index 0 or 1
	 * @return such as {@code --spring.datasource.url=...}
	 */
	abstract List<String> storeArguments(int index);

	/**
	 * Counts the records of a tag in the store.
	 * @param server a server on the store
	 * @param tag the tag
	 * @return how many records it has
	 */
	abstract long records(ConfigurableApplicationContext server, String tag);

	/**
	 * Reads a tag's step from its record.
	 * @param server a server on the store
	 * @param tag the tag
	 * @return its step
	 */
	abstract int storedStep(ConfigurableApplicationContext server, String tag);

	@BeforeAll
	void startTwoServers() throws Exception {
		// at once, as instances deployed together: both create the schema of the empty store. Only their
		// logging is set up one after the other: both would reset the JVM's one Logback context at once,
		// and one of them then found no Spring Environment in it ("Unable to find Spring Environment in
		// logger context", a CI failure); a deployment starts its instances in JVMs of their own
		CountDownLatch firstLogging = new CountDownLatch(1);
		this.servers.addAll(AtOnce.run(List.of(0, 1), (index) -> {
			if (index == 1 && !firstLogging.await(60, TimeUnit.SECONDS)) {
				throw new IllegalStateException("server 0 did not set its logging up within 60 s");
			}
			List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--idgen.server.tokens[0].name=admin",
					"--idgen.server.tokens[0].token=" + ADMIN, "--idgen.server.tokens[0].manage=true",
					"--idgen.server.tokens[1].name=caller", "--idgen.server.tokens[1].token=" + CALLER,
					"--idgen.server.tokens[2].name=limited-admin", "--idgen.server.tokens[2].token=" + LIMITED_ADMIN,
					"--idgen.server.tokens[2].manage=true", "--idgen.server.tokens[2].tags=" + LIMITED_TAG));
			arguments.addAll(storeArguments(index));
			SpringApplication application = new SpringApplication(IdgenServerApplication.class);
			if (index == 0) {
				// initialized after the environment was prepared, and so after Spring Boot set logging up
				application.addListeners((ApplicationEvent event) -> {
					if (event instanceof ApplicationContextInitializedEvent
							|| event instanceof ApplicationFailedEvent) {
						firstLogging.countDown();
					}
				});
			}
			return application.run(arguments.toArray(String[]::new));
		}));
	}

	@AfterAll
	void stopServers() {
		this.servers.forEach(ConfigurableApplicationContext::close);
	}

	@Test
	void aCreatedTagAnswers201WithItsSettingsAndServesIdsFromIdsAbovePlusOne() {
		String tag = newTag();
		assertThat(get(0, "/v1/segments/" + tag + "/next").statusCode()).isEqualTo(404);
		HttpResponse<String> created = put(0, tag, "{\"step\": 10, \"idsAbove\": 1000, \"maxLimitId\": 5000000}", ADMIN);
		assertThat(created.statusCode()).isEqualTo(201);
		assertThat(Http.contentType(created)).startsWith("application/json");
		Map<String, Object> answer = JsonPath.read(created.body(), "$");
		assertThat(answer).containsEntry("tag", tag)
			.containsEntry("created", true)
			.containsEntry("step", 10)
			.containsEntry("idsAbove", "1000")
			.containsEntry("maxLimitId", "5000000")
			.containsEntry("businessId", 0)
			.containsEntry("businessBits", 0)
			.containsEntry("shardBits", 0);
		assertThat(get(0, "/v1/segments/" + tag + "/next").body()).isEqualTo("1001");
		// the other server, right after: a range of its own, above the first
		assertThat(Long.parseLong(get(1, "/v1/segments/" + tag + "/next").body())).isGreaterThan(1001);
		assertThat(records(this.servers.get(0), tag)).isEqualTo(1);
	}

	@Test
	void theSameSettingsAgainAnswer200OnEitherServer() {
		String tag = newTag();
		String body = "{\"step\": 20, \"maxLimitId\": 90000, \"businessId\": 1, \"businessBits\": 2, \"shardBits\": 1}";
		assertThat(put(0, tag, body, ADMIN).statusCode()).isEqualTo(201);
		for (int server = 0; server < 2; server++) {
			HttpResponse<String> again = put(server, tag, body, ADMIN);
			assertThat(again.statusCode()).isEqualTo(200);
			Map<String, Object> answer = JsonPath.read(again.body(), "$");
			assertThat(answer).containsEntry("created", false)
				.containsEntry("step", 20)
				.containsEntry("maxLimitId", "90000")
				.containsEntry("businessId", 1)
				.containsEntry("businessBits", 2)
				.containsEntry("shardBits", 1)
				// the record moved on from it, and it is not compared
				.doesNotContainKey("idsAbove");
		}
		// the composed tag's ids carry its business id and the shard asked for
		String id = get(1, "/v1/segments/" + tag + "/next?shard=1").body();
		String decoded = get(0, "/v1/segments/" + tag + "/ids/" + id).body();
		assertThat((Integer) JsonPath.read(decoded, "$.businessId")).isEqualTo(1);
		assertThat((Integer) JsonPath.read(decoded, "$.shard")).isEqualTo(1);
	}

	@Test
	void otherSettingsAnswer409NamingEachAndLeaveTheTagAsItWas() {
		String tag = newTag();
		assertThat(put(0, tag, "{\"step\": 10}", ADMIN).statusCode()).isEqualTo(201);
		HttpResponse<String> other = put(1, tag, "{\"step\": 20, \"maxLimitId\": 5000, \"shardBits\": 2}", ADMIN);
		assertThat(other.statusCode()).isEqualTo(409);
		assertThat(Http.contentType(other)).isEqualTo("application/problem+json");
		assertThat((String) JsonPath.read(other.body(), "$.tag")).isEqualTo(tag);
		assertThat((String) JsonPath.read(other.body(), "$.detail")).isEqualTo("Segment tag '" + tag + "' exists with"
				+ " other settings, which were left as they are: step 10 (asked: 20), maxLimitId 9223372036854775807"
				+ " (asked: 5000), shardBits 0 (asked: 2).");
		List<Map<String, String>> differences = JsonPath.read(other.body(), "$.differences");
		assertThat(differences).containsExactly(Map.of("field", "step", "existing", "10", "asked", "20"),
				Map.of("field", "maxLimitId", "existing", "9223372036854775807", "asked", "5000"),
				Map.of("field", "shardBits", "existing", "0", "asked", "2"));
		assertThat(storedStep(this.servers.get(0), tag)).isEqualTo(10);
		assertThat(get(1, "/v1/segments/" + tag + "/next").body()).isEqualTo("1");
	}

	static Stream<Arguments> badBodies() {
		String range = "must be an integer (a JSON number without fraction or quotes) from ";
		return Stream.of(Arguments.of("{\"step\": 0}", "step", "step " + range + "1 to 2147483647, was 0"),
				Arguments.of("{\"step\": \"10\"}", "step", "step " + range + "1 to 2147483647, was the string \"10\""),
				Arguments.of("{\"step\": 10.5}", "step", "was 10.5"), Arguments.of("{\"step\": 10.0}", "step", "was 10.0"),
				Arguments.of("{\"step\": 1e3}", "step", "from 1 to 2147483647"),
				Arguments.of("{\"step\": 2147483648}", "step", "was 2147483648"),
				Arguments.of("{\"step\": 99999999999999999999}", "step", "from 1 to 2147483647"),
				Arguments.of("{\"step\": null}", "step", "was null"),
				Arguments.of("{\"step\": true}", "step", "was true"),
				Arguments.of("{\"idsAbove\": 5}", "step", "step is missing"),
				Arguments.of("{\"step\": 10, \"idsAbove\": -1}", "idsAbove", "from 0 to 9223372036854775806, was -1"),
				Arguments.of("{\"step\": 10, \"maxLimitId\": 0}", "maxLimitId", "from 1 to 9223372036854775807, was 0"),
				Arguments.of("{\"step\": 10, \"idsAbove\": 100, \"maxLimitId\": 100}", "maxLimitId",
						"maxLimitId 100 leaves no id above idsAbove 100"),
				Arguments.of("{\"step\": 10, \"shardBits\": 11}", "shardBits", "shardBits " + range + "0 to 10, was 11"),
				Arguments.of("{\"step\": 10, \"shardBits\": 10, \"businessBits\": 31}", "businessBits",
						"businessBits " + range + "0 to 30, was 31"),
				Arguments.of("{\"step\": 10, \"businessBits\": 2, \"businessId\": 4}", "businessId",
						"businessId " + range + "0 to 3, was 4"),
				Arguments.of("{\"step\": 10, \"businessId\": 1}", "businessId", "businessId " + range + "0 to 0, was 1"),
				Arguments.of("{\"step\": 10, \"colour\": 1}", "colour", "Unknown field 'colour'"),
				Arguments.of("{\"step\": 10, \"step\": 20}", "step", "Field 'step' is given twice"),
				Arguments.of("[10]", "body", "The body must be a JSON object"),
				Arguments.of("step=10", "body", "The body is not JSON"),
				Arguments.of("{\"step\": 10} {}", "body", "The body is not JSON"),
				Arguments.of("", "step", "A JSON body is needed"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("badBodies")
	void aBadFieldIsA400NamingItAndItsRangeAndCreatesNothing(String body, String field, String detail) {
		String tag = newTag();
		HttpResponse<String> response = put(0, tag, body, ADMIN);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo(field);
		assertThat((String) JsonPath.read(response.body(), "$.detail")).contains(detail);
		assertThat(records(this.servers.get(0), tag)).isZero();
	}

	@Test
	void aTagNameNoStoreTakesIsA400() {
		HttpResponse<String> response = put(0, "t".repeat(129), "{\"step\": 10}", ADMIN);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("tag");
	}

	@Test
	void aBodyThatIsNotJsonByItsTypeIsA415() {
		HttpResponse<String> response = Http.send(Http.request(port(0), "/v1/segments/" + newTag(), ADMIN)
			.header("Content-Type", "text/plain")
			.PUT(HttpRequest.BodyPublishers.ofString("{\"step\": 10}"))
			.build());
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
	}

	@Test
	void withoutAValidTokenItIs401() {
		String tag = newTag();
		for (String token : new String[] { null, "wrong-token-0123456789abcdef" }) {
			HttpResponse<String> response = put(0, tag, "{\"step\": 10}", token);
			assertThat(response.statusCode()).isEqualTo(401);
			assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
		}
		assertThat(records(this.servers.get(0), tag)).isZero();
	}

	@Test
	void aTokenNotAllowedToManageIs403() {
		String tag = newTag();
		HttpResponse<String> response = put(0, tag, "{\"step\": 10}", CALLER);
		assertThat(response.statusCode()).isEqualTo(403);
		assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
		assertThat((String) JsonPath.read(response.body(), "$.detail")).isEqualTo(
				"Token 'caller' may not create tags: that needs a token with manage=true (idgen.server.tokens[n].manage).");
		assertThat(records(this.servers.get(0), tag)).isZero();
	}

	@Test
	void aTokenLimitedToOtherTagsIs403AndCreatesItsOwn() {
		String tag = newTag();
		HttpResponse<String> response = put(0, tag, "{\"step\": 10}", LIMITED_ADMIN);
		assertThat(response.statusCode()).isEqualTo(403);
		assertThat((String) JsonPath.read(response.body(), "$.detail"))
			.isEqualTo("Token 'limited-admin' may not use tag '" + tag + "'.");
		assertThat(records(this.servers.get(0), tag)).isZero();
		assertThat(put(1, LIMITED_TAG, "{\"step\": 10}", LIMITED_ADMIN).statusCode()).isIn(201, 200);
		assertThat(records(this.servers.get(0), LIMITED_TAG)).isEqualTo(1);
	}

	@ParameterizedTest
	@ValueSource(strings = { "GET /v1/segments/%s/next", "GET /v1/segments/%s?count=2", "GET /v1/segments/%s/ids/7",
			"POST /v1/segments/%s/ranges?size=3", "GET /api/segment/get/%s" })
	void theAnswerForAnUnknownTagIs404NamingIt(String request) {
		String tag = newTag();
		String[] parts = request.split(" ");
		HttpResponse<String> response = Http.send(Http.request(port(0), parts[1].formatted(tag), ADMIN)
			.method(parts[0], HttpRequest.BodyPublishers.noBody())
			.build());
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat((String) JsonPath.read(response.body(), "$.tag")).isEqualTo(tag);
		assertThat((String) JsonPath.read(response.body(), "$.detail")).startsWith("Segment tag '" + tag + "' does not exist.");
	}

	@Test
	void racingCreationsWithTheSameSettingsEndInOne201AndOneRecord() throws Exception {
		String tag = newTag();
		List<Integer> statuses = AtOnce.run(IntStream.range(0, 8).boxed().toList(),
				(i) -> put(i % 2, tag, "{\"step\": 30, \"idsAbove\": 500}", ADMIN).statusCode());
		assertThat(statuses).filteredOn((status) -> status == 201).hasSize(1);
		assertThat(statuses).filteredOn((status) -> status == 200).hasSize(7);
		assertThat(records(this.servers.get(0), tag)).isEqualTo(1);
		assertThat(get(1, "/v1/segments/" + tag + "/next").body()).isEqualTo("501");
	}

	@Test
	void racingCreationsWithOtherSettingsEndInOne201OthersNamingTheWinnersStepAndOneRecord() throws Exception {
		String tag = newTag();
		List<HttpResponse<String>> answers = AtOnce.run(IntStream.range(0, 8).boxed().toList(),
				(i) -> put(i % 2, tag, "{\"step\": " + (10 + i) + "}", ADMIN));
		List<HttpResponse<String>> created = answers.stream().filter((answer) -> answer.statusCode() == 201).toList();
		assertThat(created).hasSize(1);
		int winner = JsonPath.read(created.get(0).body(), "$.step");
		assertThat(answers).filteredOn((answer) -> answer.statusCode() == 409).hasSize(7).allSatisfy((answer) -> {
			List<Map<String, String>> differences = JsonPath.read(answer.body(), "$.differences");
			assertThat(differences).singleElement().satisfies((difference) -> {
				assertThat(difference).containsEntry("field", "step").containsEntry("existing", Integer.toString(winner));
			});
		});
		assertThat(records(this.servers.get(0), tag)).isEqualTo(1);
		assertThat(storedStep(this.servers.get(1), tag)).isEqualTo(winner);
	}

	private String newTag() {
		return "created-" + this.run + "-" + tags.incrementAndGet();
	}

	private int port(int server) {
		return ((WebServerApplicationContext) this.servers.get(server)).getWebServer().getPort();
	}

	private HttpResponse<String> get(int server, String path) {
		return Http.get(port(server), path, ADMIN);
	}

	private HttpResponse<String> put(int server, String tag, String body, @Nullable String token) {
		return Http.send(Http.request(port(server), "/v1/segments/" + tag, token)
			.header("Content-Type", "application/json")
			.PUT(HttpRequest.BodyPublishers.ofString(body))
			.build());
	}

}
