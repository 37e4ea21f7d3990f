package io.github.idgen.server;

import java.net.http.HttpResponse;
import java.util.List;

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
 * Business numbers over {@code /v1/codes/{name}}, on the demo's H2 store with two codes configured: a
 * daily one, and a yearly one whose single digit runs out after nine numbers.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.codes.invoices.tag=invoices", "xxx.common.codes.invoices.pattern=INV{yyyyMMdd}{seq:6}",
				"xxx.common.codes.invoices.reset=daily", "xxx.common.codes.tiny.tag=tiny",
				"xxx.common.codes.tiny.pattern=T{yyyy}-{seq:1}", "xxx.common.codes.tiny.reset=yearly" })
class V1CodesTests {

	@LocalServerPort
	private int port;

	/** The codes' tags, inserted at start as an operator would before: a code's tag must exist to start. */
	@TestConfiguration(proxyBeanMethods = false)
	static class CodeTags {

		@Bean
		@DependsOnDatabaseInitialization
		InitializingBean codeTags(JdbcTemplate jdbc) {
			return () -> {
				jdbc.update("MERGE INTO idgen_segment (tag, step) KEY (tag) VALUES ('invoices', 1000)");
				jdbc.update("MERGE INTO idgen_segment (tag, step) KEY (tag) VALUES ('tiny', 1000)");
			};
		}

	}

	@Test
	void numbersComeAsTextAndAsJsonStringsInTheCodesPattern() {
		HttpResponse<String> next = Http.get(this.port, "/v1/codes/invoices/next");
		assertThat(next.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(next)).startsWith("text/plain");
		assertThat(next.body()).matches("INV20\\d{6}\\d{6}");
		String day = next.body().substring(3, 11);
		long sequence = Long.parseLong(next.body().substring(11));
		List<String> batch = JsonPath.read(Http.get(this.port, "/v1/codes/invoices?count=3").body(), "$");
		assertThat(batch).containsExactly(number(day, sequence + 1), number(day, sequence + 2), number(day, sequence + 3));
	}

	@Test
	void anUnknownCodeIsNotFound() {
		HttpResponse<String> response = Http.get(this.port, "/v1/codes/nosuch/next");
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
		assertThat((String) JsonPath.read(response.body(), "$.code")).isEqualTo("nosuch");
	}

	@Test
	void aPeriodOutOfNumbersIsAConflictNotAWrappedNumber() {
		List<String> all = JsonPath.read(Http.get(this.port, "/v1/codes/tiny?count=9").body(), "$");
		String year = all.get(0).substring(1, 5);
		assertThat(all).hasSize(9).allSatisfy((number) -> assertThat(number).matches("T" + year + "-[1-9]"));
		assertThat(all).doesNotHaveDuplicates();
		HttpResponse<String> tenth = Http.get(this.port, "/v1/codes/tiny/next");
		assertThat(tenth.statusCode()).isEqualTo(409);
		assertThat(Http.contentType(tenth)).isEqualTo("application/problem+json");
		assertThat((String) JsonPath.read(tenth.body(), "$.code")).isEqualTo("tiny");
	}

	@Test
	void aBadCountIsABadRequest() {
		assertThat(Http.get(this.port, "/v1/codes/invoices?count=0").statusCode()).isEqualTo(400);
	}

	private static String number(String day, long sequence) {
		return "INV" + day + String.format("%06d", sequence);
	}

}
