package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The business number endpoints over real HTTP with the sample's demo code {@code orders} (daily,
 * {@code ORD{yyyyMMdd}{seq:6}}) on the embedded H2, and a one-digit code that runs out.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "sample.embedded-zookeeper.port=0", "xxx.common.codes.tiny.tag=tiny-codes",
				"xxx.common.codes.tiny.pattern=T{yyyyMMdd}{seq:1}", "xxx.common.codes.tiny.reset=daily" })
class CodeEndpointsTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	private static String today() {
		return LocalDate.now(ZoneOffset.UTC).format(DateTimeFormatter.BASIC_ISO_DATE);
	}

	@Test
	void nextOrderNumberIsPlainTextOfTodayAndFollowsTheLastOne() {
		HttpResponse<String> first = Http.get(this.port, "/codes/orders/next");
		assertThat(first.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(first)).startsWith("text/plain");
		assertThat(first.body()).matches("ORD" + today() + "\\d{6}");
		long sequence = Long.parseLong(first.body().substring(11));
		assertThat(Http.get(this.port, "/codes/orders/next").body())
			.isEqualTo("ORD" + today() + String.format("%06d", sequence + 1));
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM idgen_segment WHERE tag = ?", Integer.class,
				"orders:" + today())).isEqualTo(1);
	}

	@Test
	void countGivesAJsonArrayOfIncreasingNumbers() {
		HttpResponse<String> response = Http.get(this.port, "/codes/orders?count=1500");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(response)).startsWith("application/json");
		List<String> numbers = JsonPath.read(response.body(), "$");
		assertThat(numbers).hasSize(1500).doesNotHaveDuplicates().isSorted()
			.allSatisfy((number) -> assertThat(number).matches("ORD" + today() + "\\d{6}"));
	}

	@Test
	void badCountIsRejectedAsForIds() {
		HttpResponse<String> response = Http.get(this.port, "/codes/orders?count=0");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("count");
	}

	@Test
	void unknownCodeIsNotFoundNamingTheCodesAndTheKey() {
		HttpResponse<String> response = Http.get(this.port, "/codes/bills/next");
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat((String) JsonPath.read(response.body(), "$.error")).isEqualTo("not_found");
		assertThat((String) JsonPath.read(response.body(), "$.code")).isEqualTo("bills");
		assertThat((String) JsonPath.read(response.body(), "$.message")).isEqualTo("No business number code is named"
				+ " 'bills'; the codes are tiny, orders. Configure it under xxx.common.codes.bills.*");
	}

	/** The tag of code 'tiny', inserted at start as an operator would before: a code's tag must exist to start. */
	@TestConfiguration(proxyBeanMethods = false)
	static class TinyCodesTag {

		@Bean
		@DependsOnDatabaseInitialization
		InitializingBean tinyCodesTag(JdbcTemplate jdbc) {
			return () -> jdbc.update("INSERT INTO idgen_segment (tag, step) VALUES ('tiny-codes', 5)");
		}

	}

	@Test
	void codeWhosePeriodRanOutIsAConflict() {
		HttpResponse<String> all = Http.get(this.port, "/codes/tiny?count=9");
		assertThat(all.statusCode()).as(all.body()).isEqualTo(200);
		assertThat(JsonPath.<List<String>>read(all.body(), "$")).endsWith("T" + today() + "9");
		HttpResponse<String> response = Http.get(this.port, "/codes/tiny/next");
		assertThat(response.statusCode()).isEqualTo(409);
		assertThat((String) JsonPath.read(response.body(), "$.error")).isEqualTo("code_exhausted");
		assertThat((String) JsonPath.read(response.body(), "$.code")).isEqualTo("tiny");
		assertThat((String) JsonPath.read(response.body(), "$.message")).isEqualTo("Business number code 'tiny'"
				+ " (T{yyyyMMdd}{seq:1}) has issued all 9 numbers its 1-digit sequence holds in period " + today()
				+ " (segment tag 'tiny-codes:" + today() + "')");
	}

}
