package io.github.idgen.server;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bearer tokens: 401 without a valid one, 403 for a tag the token may not use (whether or not the
 * tag exists), Snowflake ids for every valid token; each error a problem detail.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { TokenSecurityTests.DATABASE,
		"xxx.common.id-worker-id=5", "idgen.server.tokens[0].name=all-callers",
		"idgen.server.tokens[0].token=" + TokenSecurityTests.ALL, "idgen.server.tokens[1].name=orders-only",
		"idgen.server.tokens[1].sha256=" + TokenSecurityTests.ORDERS_SHA256, "idgen.server.tokens[1].tags=orders",
		"idgen.server.tokens[2].name=monitoring", "idgen.server.tokens[2].token=" + TokenSecurityTests.MONITORING,
		"idgen.server.tokens[2].manage=true", "idgen.server.tokens[3].name=base64-caller",
		"idgen.server.tokens[3].token=" + TokenSecurityTests.BASE64, "idgen.server.tokens[4].name=orders-manager",
		"idgen.server.tokens[4].token=" + TokenSecurityTests.ORDERS_MANAGER, "idgen.server.tokens[4].manage=true",
		"idgen.server.tokens[4].tags=orders" })
class TokenSecurityTests {

	static final String DATABASE = "spring.datasource.url=jdbc:h2:mem:token-security;DB_CLOSE_DELAY=-1";

	static final String ALL = "all-token-0123456789abcdef";

	static final String ORDERS = "orders-token-0123456789abcdef";

	static final String MONITORING = "monitoring-token-0123456789abcdef";

	/** Allowed to manage, but limited to tag orders. */
	static final String ORDERS_MANAGER = "orders-manager-token-0123456789abcdef";

	/** What openssl rand -base64 gives: '+' and '/', which a query must percent-encode. */
	static final String BASE64 = "plus+token/0123456789abcdef";

	/** echo -n orders-token-0123456789abcdef | sha256sum */
	static final String ORDERS_SHA256 = "79bec0f8e0d5974b9308480d4972d37660071d2ec9cbf03ef0aa4b2688ee199c";

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@BeforeEach
	void tags() {
		this.jdbc.update("MERGE INTO idgen_segment (tag, step) KEY (tag) VALUES ('orders', 100), ('invoices', 100)");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/v1/ids/next", "/api/snowflake/get/any", "/v1/segments/orders/next",
			"/api/segment/get/orders", "/actuator/prometheus" })
	void noTokenIsUnauthorized(String path) {
		assertUnauthorized(Http.get(this.port, path));
	}

	@Test
	void aWrongTokenIsUnauthorized() {
		assertUnauthorized(Http.get(this.port, "/v1/ids/next", "wrong-token-0123456789abcdef"));
		assertUnauthorized(Http.get(this.port, "/api/snowflake/get/any?token=wrong-token-0123456789abcdef"));
	}

	@Test
	void anAuthorizationOtherThanBearerIsUnauthorized() {
		assertUnauthorized(Http.send(Http.request(this.port, "/v1/ids/next", null)
			.header("Authorization", "Basic " + ALL)
			.GET()
			.build()));
	}

	@Test
	void thePlainAndTheHashedTokenAreAccepted() {
		assertThat(Http.get(this.port, "/v1/segments/orders/next", ALL).statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/v1/segments/orders/next", ORDERS).statusCode()).isEqualTo(200);
	}

	@Test
	void theQueryParameterIsTakenByLeafsEndpointsOnly() {
		assertThat(Http.get(this.port, "/api/segment/get/orders?token=" + ORDERS).statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/api/snowflake/get/any?token=" + ALL).statusCode()).isEqualTo(200);
		assertUnauthorized(Http.get(this.port, "/v1/ids/next?token=" + ALL));
	}

	/**
	 * A form body is not a query: Leaf's clients send {@code ?token=}, and a token read from a body
	 * would make the server parse up to 2 MB of form before it can answer 401.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "/api/segment/get/orders", "/api/snowflake/get/any" })
	void aTokenInAFormBodyIsNoToken(String path) {
		assertUnauthorized(Http.send(Http.request(this.port, path, null)
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString("token=" + ALL))
			.build()));
		// not parsed at all: Tomcat refuses a body it cannot decode with 400 once it parses it
		assertUnauthorized(Http.send(Http.request(this.port, path, null)
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString("x=%zz&token=" + ALL))
			.build()));
		assertThat(Http.send(Http.request(this.port, path + "?token=" + ALL, null)
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString("count=1"))
			.build())
			.statusCode()).isEqualTo(200);
	}

	@Test
	void aQueryWithTwoTokensIsUnauthorized() {
		assertUnauthorized(Http.get(this.port, "/api/snowflake/get/any?token=" + ALL + "&token=" + ORDERS));
		assertUnauthorized(Http.get(this.port, "/api/snowflake/get/any?token=" + ALL + "&%74oken=" + ALL));
	}

	@Test
	void theUnauthorizedAnswerOfAQueryTokenSaysItMustBePercentEncoded() {
		HttpResponse<String> response = Http.get(this.port, "/api/snowflake/get/any?token=wrong-token-0123456789abcdef");
		assertUnauthorized(response);
		assertThat((String) JsonPath.read(response.body(), "$.detail")).contains("percent-encoded");
		assertThat(response.body()).doesNotContain("wrong-token-0123456789abcdef");
	}

	/**
	 * A '+' sent raw in a query arrives as a space: the answer says so, without repeating the token,
	 * and the token percent-encoded (or in the header) is accepted.
	 */
	@Test
	void aTokenWhosePlusArrivedAsASpaceIsToldToPercentEncodeIt() {
		HttpResponse<String> raw = Http.get(this.port, "/api/snowflake/get/any?token=" + BASE64);
		assertUnauthorized(raw);
		assertThat((String) JsonPath.read(raw.body(), "$.detail")).contains("'+'").contains("%2B");
		assertThat(raw.body()).doesNotContain(BASE64).doesNotContain(BASE64.replace('+', ' '));
		String encoded = URLEncoder.encode(BASE64, StandardCharsets.UTF_8);
		assertThat(Http.get(this.port, "/api/snowflake/get/any?token=" + encoded).statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/v1/ids/next", BASE64).statusCode()).isEqualTo(200);
		// a wrong token with a space gets the answer of any wrong token
		HttpResponse<String> wrong = Http.get(this.port, "/api/snowflake/get/any?token=wrong+token-0123456789abcdef");
		assertUnauthorized(wrong);
		assertThat((String) JsonPath.read(wrong.body(), "$.detail")).doesNotContain("%2B");
	}

	@ParameterizedTest
	@ValueSource(strings = { "invoices", "no-such-tag" })
	void aTagLimitedTokenIsForbiddenOtherTagsWhetherOrNotTheyExist(String tag) {
		assertForbidden(Http.get(this.port, "/v1/segments/" + tag + "/next", ORDERS), tag);
		assertForbidden(Http.get(this.port, "/v1/segments/" + tag + "?count=2", ORDERS), tag);
		assertForbidden(Http.post(this.port, "/v1/segments/" + tag + "/ranges?size=10", ORDERS), tag);
		assertForbidden(Http.get(this.port, "/api/segment/get/" + tag + "?token=" + ORDERS), tag);
		assertForbidden(Http.get(this.port, "/v1/codes/" + tag + "/next", ORDERS), tag);
	}

	@Test
	void aTokenWithoutTagsMayUseEveryTagAndGetsNotFoundForUnknownOnes() {
		assertThat(Http.get(this.port, "/v1/segments/invoices/next", ALL).statusCode()).isEqualTo(200);
		HttpResponse<String> unknown = Http.get(this.port, "/v1/segments/no-such-tag/next", ALL);
		assertThat(unknown.statusCode()).isEqualTo(404);
		assertThat(Http.contentType(unknown)).isEqualTo("application/problem+json");
	}

	@Test
	void snowflakeIdsAreOpenToEveryValidToken() {
		assertThat(Http.get(this.port, "/v1/ids/next", ORDERS).statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/api/snowflake/get/whatever?token=" + ORDERS).statusCode()).isEqualTo(200);
	}

	@Test
	void probesAndTheOpenApiDocumentNeedNoToken() {
		assertThat(Http.get(this.port, "/actuator/health/readiness").statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/actuator/health/liveness").statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/v3/api-docs").statusCode()).isEqualTo(200);
		HttpResponse<String> health = Http.get(this.port, "/actuator/health");
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat((String) JsonPath.read(health.body(), "$.status")).isEqualTo("UP");
	}

	/**
	 * Health details, idgen's endpoints and the metrics name every tag: a token limited to tags sees
	 * none of them, a caller learns nothing about tags it may not use.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "/actuator/idgenSegments", "/actuator/idgen", "/actuator/prometheus", "/actuator" })
	void aTagLimitedTokenIsForbiddenTheActuator(String path) {
		assertThat(Http.get(this.port, "/v1/segments/invoices/next", ALL).statusCode()).isEqualTo(200);
		HttpResponse<String> response = Http.get(this.port, path, ORDERS);
		assertThat(response.statusCode()).isEqualTo(403);
		assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
		assertThat(response.body()).doesNotContain("invoices");
	}

	@Test
	void aTagLimitedTokenSeesTheHealthStatusOnly() {
		assertThat(Http.get(this.port, "/v1/segments/invoices/next", ALL).statusCode()).isEqualTo(200);
		HttpResponse<String> health = Http.get(this.port, "/actuator/health", ORDERS);
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat((Map<String, Object>) JsonPath.read(health.body(), "$")).containsEntry("status", "UP")
			.doesNotContainKey("components");
		assertThat(health.body()).doesNotContain("invoices");
		assertThat(Http.get(this.port, "/actuator/health/idgenSegments", ORDERS).body()).doesNotContain("invoices");
	}

	@Test
	void theActuatorNeedsATokenAllowedToManage() {
		assertThat(Http.get(this.port, "/v1/segments/invoices/next", ALL).statusCode()).isEqualTo(200);
		// a token without tags may take every tag's ids, but reads no metrics
		assertThat(Http.get(this.port, "/actuator/prometheus", ALL).statusCode()).isEqualTo(403);
		assertThat(Http.get(this.port, "/actuator/prometheus", MONITORING).statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/actuator/idgenSegments", MONITORING).body()).contains("invoices");
		String health = Http.get(this.port, "/actuator/health", MONITORING).body();
		assertThat((String) JsonPath.read(health, "$.components.idgenSegments.status")).isEqualTo("UP");
	}

	/**
	 * A token allowed to manage but limited to tags creates its tags only, and Actuator, which shows
	 * every tag, is refused to it with a message that says why (the console shows it).
	 */
	@ParameterizedTest
	@ValueSource(strings = { "/actuator/idgenSegments", "/actuator/idgen", "/actuator/idgen/1",
			"/actuator/prometheus", "/actuator" })
	void aManageTokenLimitedToTagsIsForbiddenTheActuatorWhichShowsEveryTag(String path) {
		assertThat(Http.get(this.port, "/v1/segments/invoices/next", ALL).statusCode()).isEqualTo(200);
		HttpResponse<String> response = Http.get(this.port, path, ORDERS_MANAGER);
		assertThat(response.statusCode()).isEqualTo(403);
		assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
		assertThat(response.body()).doesNotContain("invoices");
		assertThat((String) JsonPath.read(response.body(), "$.detail")).isEqualTo("Token 'orders-manager' is limited"
				+ " to tags [orders], and this endpoint shows every tag: it needs a token with manage=true and no tags"
				+ " (idgen.server.tokens[n].tags empty).");
		assertThat((Boolean) JsonPath.read(response.body(), "$.limitedToTags")).isTrue();
	}

	@Test
	void aManageTokenLimitedToTagsSeesTheHealthStatusOnly() {
		assertThat(Http.get(this.port, "/v1/segments/invoices/next", ALL).statusCode()).isEqualTo(200);
		HttpResponse<String> health = Http.get(this.port, "/actuator/health", ORDERS_MANAGER);
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat((Map<String, Object>) JsonPath.read(health.body(), "$")).containsEntry("status", "UP")
			.doesNotContainKey("components");
	}

	private static void assertUnauthorized(HttpResponse<String> response) {
		assertThat(response.statusCode()).isEqualTo(401);
		assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
		assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"idgen\"");
		assertThat((Integer) JsonPath.read(response.body(), "$.status")).isEqualTo(401);
		assertThat((String) JsonPath.read(response.body(), "$.detail")).startsWith("A valid token is needed");
	}

	private static void assertForbidden(HttpResponse<String> response, String tag) {
		assertThat(response.statusCode()).isEqualTo(403);
		assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
		assertThat((String) JsonPath.read(response.body(), "$.detail"))
			.isEqualTo("Token 'orders-only' may not use tag '" + tag + "'.");
		assertThat((String) JsonPath.read(response.body(), "$.tag")).isEqualTo(tag);
	}

}
