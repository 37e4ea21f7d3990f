package io.github.idgen.server;

import java.net.http.HttpResponse;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A business number code draws from a segment tag: a token limited to tags may use a code only if it
 * may use both the code's name and the tag the code draws from, so that a token cannot reach a tag's
 * numbers through a code of another name.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:code-tokens;DB_CLOSE_DELAY=-1", "xxx.common.id-worker-id=7",
				"xxx.common.segment-initialize-schema=always", "xxx.common.codes.bills.tag=invoices",
				"xxx.common.codes.bills.pattern=B{yyyyMMdd}{seq:6}", "xxx.common.codes.bills.reset=daily",
				"idgen.server.tokens[0].name=bills-only", "idgen.server.tokens[0].token=" + CodeTokensTests.BILLS_ONLY,
				"idgen.server.tokens[0].tags=bills,nosuch", "idgen.server.tokens[1].name=bills-and-invoices",
				"idgen.server.tokens[1].token=" + CodeTokensTests.BILLS_AND_INVOICES,
				"idgen.server.tokens[1].tags=bills,invoices", "idgen.server.tokens[2].name=invoices-only",
				"idgen.server.tokens[2].token=" + CodeTokensTests.INVOICES_ONLY, "idgen.server.tokens[2].tags=invoices",
				"idgen.server.tokens[3].name=everything", "idgen.server.tokens[3].token=" + CodeTokensTests.EVERYTHING })
class CodeTokensTests {

	static final String BILLS_ONLY = "bills-only-0123456789abcdef";

	static final String BILLS_AND_INVOICES = "bills-invoices-0123456789abcdef";

	static final String INVOICES_ONLY = "invoices-only-0123456789abcdef";

	static final String EVERYTHING = "everything-0123456789abcdef";

	@LocalServerPort
	private int port;

	/** The code's tag, inserted at start as an operator would before: a code's tag must exist to start. */
	@TestConfiguration(proxyBeanMethods = false)
	static class CodeTag {

		@Bean
		@DependsOnDatabaseInitialization
		InitializingBean codeTag(JdbcTemplate jdbc) {
			return () -> jdbc.update("MERGE INTO idgen_segment (tag, step) KEY (tag) VALUES ('invoices', 1000)");
		}

	}

	@Test
	void aTokenAllowedTheCodesNameButNotItsTagIsForbiddenNamingTheTag() {
		for (String path : new String[] { "/v1/codes/bills/next", "/v1/codes/bills?count=100" }) {
			HttpResponse<String> response = Http.get(this.port, path, BILLS_ONLY);
			assertThat(response.statusCode()).isEqualTo(403);
			assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
			assertThat((String) JsonPath.read(response.body(), "$.detail"))
				.isEqualTo("Token 'bills-only' may not use tag 'invoices', which code 'bills' draws from.");
			assertThat((String) JsonPath.read(response.body(), "$.tag")).isEqualTo("invoices");
			assertThat((String) JsonPath.read(response.body(), "$.code")).isEqualTo("bills");
		}
	}

	@Test
	void aTokenAllowedTheCodesTagButNotItsNameIsForbiddenNamingTheCode() {
		HttpResponse<String> response = Http.get(this.port, "/v1/codes/bills/next", INVOICES_ONLY);
		assertThat(response.statusCode()).isEqualTo(403);
		assertThat((String) JsonPath.read(response.body(), "$.tag")).isEqualTo("bills");
	}

	@Test
	void aTokenAllowedBothOrEverythingGetsNumbers() {
		assertThat(Http.get(this.port, "/v1/codes/bills/next", BILLS_AND_INVOICES).body()).matches("B20\\d{12}");
		assertThat(Http.get(this.port, "/v1/codes/bills?count=2", EVERYTHING).statusCode()).isEqualTo(200);
	}

	@Test
	void anUnknownCodeTheTokenMayNameIsNotFound() {
		HttpResponse<String> response = Http.get(this.port, "/v1/codes/nosuch/next", BILLS_ONLY);
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat((String) JsonPath.read(response.body(), "$.code")).isEqualTo("nosuch");
	}

}
