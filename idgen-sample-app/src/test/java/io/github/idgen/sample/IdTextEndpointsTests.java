package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.text.IdTextCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ids as short text over real HTTP: {@code ?format=base62|base36} on the {@code /ids} endpoints, and
 * {@code /orders}, whose ids are {@code ord_} and base62 in the URL and the JSON by annotations alone.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "sample.embedded-zookeeper.port=0")
class IdTextEndpointsTests {

	private static final IdTextCodec ORDERS = IdTextCodec.base62().withPrefix("ord_");

	@LocalServerPort
	private int port;

	@Test
	void nextInBase62IsElevenCharactersOfAFreshId() {
		long before = Long.parseLong(get("/ids/next").body());
		HttpResponse<String> response = get("/ids/next?format=base62");
		long after = Long.parseLong(get("/ids/next").body());
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(response)).startsWith("text/plain");
		assertThat(response.body()).matches("[0-9A-Za-z]{11}");
		assertThat(IdTextCodec.base62().decode(response.body())).isGreaterThan(before).isLessThan(after);
	}

	@Test
	void nextInBase36IsThirteenLowerCaseCharacters() {
		HttpResponse<String> response = get("/ids/next?format=base36");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).matches("[0-9a-z]{13}");
		assertThat(IdTextCodec.base36().decode(response.body())).isPositive();
	}

	@Test
	void explicitDecimalIsTheDefaultForm() {
		assertThat(get("/ids/next?format=decimal").body()).matches("[1-9][0-9]*");
	}

	@Test
	void aBatchInBase62SortsAsItsIdsDo() {
		HttpResponse<String> response = get("/ids?count=100&format=base62");
		assertThat(response.statusCode()).isEqualTo(200);
		List<String> ids = JsonPath.read(response.body(), "$");
		assertThat(ids).hasSize(100).isSorted().doesNotHaveDuplicates();
		assertThat(ids.stream().mapToLong(IdTextCodec.base62()::decode).toArray()).isSorted();
	}

	@ParameterizedTest
	@ValueSource(strings = { "base64", "BASE62", "" })
	void unknownFormatIsRejectedNamingTheParameter(String format) {
		for (String path : List.of("/ids/next", "/ids?count=1&", "/ids/1")) {
			String url = path + (path.endsWith("&") ? "" : "?") + "format=" + format;
			HttpResponse<String> response = get(url);
			assertThat(response.statusCode()).as(url).isEqualTo(400);
			assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("format");
			assertThat((String) JsonPath.read(response.body(), "$.message"))
				.isEqualTo("format must be decimal, base62 or base36, was '" + format + "'");
		}
	}

	@Test
	void decomposeReadsTheShortForm() {
		String decimal = get("/ids/next").body();
		String base62 = IdTextCodec.base62().encode(Long.parseLong(decimal));
		String base36 = IdTextCodec.base36().encode(Long.parseLong(decimal));
		for (String path : List.of("/ids/" + base62 + "?format=base62", "/ids/" + base36 + "?format=base36")) {
			HttpResponse<String> response = get(path);
			assertThat(response.statusCode()).as(path).isEqualTo(200);
			assertThat((String) JsonPath.read(response.body(), "$.id")).isEqualTo(decimal);
		}
	}

	@Test
	void aMalformedShortIdIsRejectedNamingTheParameterAndTheProblem() {
		HttpResponse<String> response = get("/ids/2Wu1XpwiWn?format=base62");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("id");
		assertThat((String) JsonPath.read(response.body(), "$.message"))
			.startsWith("'2Wu1XpwiWn' is not a base62 id: it is too short (10 characters, not 11); expected");
	}

	@Test
	void nextOrderHasAPrefixedShortIdInJson() {
		HttpResponse<String> response = get("/orders/next");
		assertThat(response.statusCode()).isEqualTo(200);
		String id = JsonPath.read(response.body(), "$.id");
		assertThat(id).matches("ord_[0-9A-Za-z]{11}");
		assertThat((String) JsonPath.read(response.body(), "$.number")).isEqualTo(Long.toString(ORDERS.decode(id)));
	}

	@Test
	void anOrderIsFoundByItsPrefixedShortIdInThePath() {
		String next = get("/orders/next").body();
		String id = JsonPath.read(next, "$.id");
		HttpResponse<String> response = get("/orders/" + id);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(next);
	}

	@ParameterizedTest
	@ValueSource(strings = { "usr_2Wu1XpwiWn3", "2Wu1XpwiWn3", "ord_2Wu1XpwiWn", "ord_zzzzzzzzzzz", "ord_2Wu1Xpw-Wn3" })
	void aMalformedOrderIdIsA400ProblemNamingTheParameter(String orderId) {
		HttpResponse<String> response = get("/orders/" + orderId);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(Http.contentType(response)).startsWith("application/problem+json");
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("orderId");
		assertThat((String) JsonPath.read(response.body(), "$.detail"))
			.startsWith("Parameter 'orderId': '" + orderId + "' is not a base62 id with prefix 'ord_': ");
	}

	private HttpResponse<String> get(String path) {
		return Http.get(this.port, path);
	}

}
