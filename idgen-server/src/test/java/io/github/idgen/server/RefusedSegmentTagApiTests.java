package io.github.idgen.server;

import java.net.http.HttpResponse;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tag the server refuses for good, on the demo's defaults: its row's composition changed under the
 * running server, or its {@code max_id} went back. Every request for the tag is a 409 problem detail
 * naming the tag (never a 500), the refusal is logged once however many requests come, and health
 * shows the tag refused. The context is closed afterwards: its health stays down.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
@DirtiesContext
class RefusedSegmentTagApiTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = {
			"recomposed | UPDATE idgen_segment SET business_bits = 1 WHERE tag = 'recomposed' | changed its composition"
					+ " | is a migration",
			"regressed | UPDATE idgen_segment SET max_id = 1 WHERE tag = 'regressed' | lost committed allocations"
					+ " | repairs the tag's record" })
	void everyRequestForARefusedTagIsAConflictNamingTheTagAndTheRefusalIsLoggedOnce(String tag, String change,
			String logged, String detail, CapturedOutput output) {
		this.jdbc.update("INSERT INTO idgen_segment (tag, step, business_id, business_bits) VALUES (?, 5, 1, 2)", tag);
		assertThat(Http.get(this.port, "/v1/segments/" + tag + "/next").statusCode()).isEqualTo(200);
		this.jdbc.update(change);
		// the ids in memory, taken before the change, then the refusal (a busy machine may make a caller
		// wait past its timeout first: a 503 before it)
		int status = 200;
		for (int i = 0; i < 200 && status != 409; i++) {
			status = Http.get(this.port, "/v1/segments/" + tag + "/next").statusCode();
			assertThat(status).isIn(200, 503, 409);
		}
		assertThat(status).isEqualTo(409);
		for (String path : new String[] { "/v1/segments/" + tag + "/next", "/v1/segments/" + tag + "?count=3",
				"/api/segment/get/" + tag }) {
			for (int i = 0; i < 5; i++) {
				HttpResponse<String> response = Http.get(this.port, path);
				assertThat(response.statusCode()).as(path).isEqualTo(409);
				assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
				assertThat((String) JsonPath.read(response.body(), "$.title")).isEqualTo("Tag refused");
				assertThat((String) JsonPath.read(response.body(), "$.tag")).isEqualTo(tag);
				assertThat((String) JsonPath.read(response.body(), "$.detail"))
					.startsWith("Segment tag '" + tag + "' is refused by this server until it restarts")
					.contains(detail)
					.doesNotContain("idgen_segment");
			}
		}
		assertThat(output.getOut().split("Segment tag '" + tag + "' ", -1)).as("log lines about the tag").hasSize(2);
		assertThat(output.getOut()).contains(logged).doesNotContain("Request failed");
		HttpResponse<String> health = Http.get(this.port, "/actuator/health");
		assertThat((String) JsonPath.read(health.body(), "$.components.idgenSegments.status")).isEqualTo("DOWN");
		assertThat((Map<String, Object>) JsonPath.read(health.body(), "$.components.idgenSegments.details.tags." + tag))
			.containsEntry("refused", true);
		assertThat(Http.get(this.port, "/actuator/health/readiness").statusCode()).isEqualTo(200);
	}

}
