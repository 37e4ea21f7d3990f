package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.util.Base64;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.autoconfigure.opaque.OpaqueIdProperties;
import io.github.idgen.opaque.Ff1IdCodec;
import io.github.idgen.snowflake.IdService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The opaque id endpoints over real HTTP, with the sample's demo key, in cluster mode against the
 * embedded ZooKeeper (on a free port).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "sample.embedded-zookeeper.port=0")
class OpaqueIdEndpointsTests {

	@LocalServerPort
	private int port;

	@Autowired
	private IdService idService;

	@Autowired
	private OpaqueIdProperties properties;

	@Test
	void nextOpaqueIdIsTheKeyedFf1FormOfAnIdOfTheIdService() {
		long before = this.idService.nextId();
		HttpResponse<String> response = Http.get(this.port, "/ids/opaque/next");
		long after = this.idService.nextId();
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(response)).startsWith("text/plain");
		assertThat(response.body()).matches("[1-9][0-9]*");
		// decoded independently of the app, with the key of its configuration
		String key = this.properties.getOpaqueIdKey();
		assertThat(key).isNotNull();
		long id = Ff1IdCodec.withKey(Base64.getDecoder().decode(key)).decode(Long.parseLong(response.body()));
		assertThat(id).isGreaterThan(before).isLessThan(after);
	}

	@Test
	void opaqueIdDecodesToTheIdAndItsFields() {
		String opaqueId = Http.get(this.port, "/ids/opaque/next").body();
		HttpResponse<String> response = Http.get(this.port, "/ids/opaque/" + opaqueId);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(response)).startsWith("application/json");
		String body = response.body();
		assertThat((String) JsonPath.read(body, "$.opaqueId")).isEqualTo(opaqueId);
		String id = JsonPath.read(body, "$.id.id");
		assertThat(id).matches("[1-9][0-9]*").isNotEqualTo(opaqueId);
		// the plain endpoint takes the decoded id apart the same way
		String plain = Http.get(this.port, "/ids/" + id).body();
		assertThat((Object) JsonPath.read(body, "$.id")).isEqualTo(JsonPath.read(plain, "$"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "abc", "0", "-5", "9223372036854775808" })
	void badOpaqueIdIsRejectedNamingTheParameter(String opaqueId) {
		HttpResponse<String> response = Http.get(this.port, "/ids/opaque/" + opaqueId);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.error")).isEqualTo("bad_request");
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("opaqueId");
		assertThat((String) JsonPath.read(response.body(), "$.message"))
			.isEqualTo("opaqueId must be a decimal integer from 1 to 9223372036854775807, was '" + opaqueId + "'");
	}

}
