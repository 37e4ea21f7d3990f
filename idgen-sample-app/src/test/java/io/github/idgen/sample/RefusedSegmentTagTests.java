package io.github.idgen.sample;

import java.net.http.HttpResponse;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

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
 * A segment tag whose row's composition changed under the running app, over real HTTP: a 409 naming
 * the tag on every request (never a 500 and a stack trace), as idgen-server answers it, and the
 * refusal logged once. The context is closed afterwards: its health stays down.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "sample.embedded-zookeeper.port=0", "xxx.common.segment-wait-timeout=200ms" })
@ExtendWith(OutputCaptureExtension.class)
@DirtiesContext
class RefusedSegmentTagTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Test
	void everyRequestForATagWhoseCompositionChangedIsAConflictNamingTheTagAndAMigration(CapturedOutput output) {
		this.jdbc.update("INSERT INTO idgen_segment (tag, step, business_id, business_bits) VALUES ('recomposed', 5, 1, 2)");
		assertThat(Http.get(this.port, "/segments/recomposed/next").statusCode()).isEqualTo(200);
		this.jdbc.update("UPDATE idgen_segment SET business_bits = 1 WHERE tag = 'recomposed'");
		// the ids in memory, taken before the change, then the refusal (a busy machine may make a caller
		// wait past its timeout first: a 503 before it)
		int status = 200;
		for (int i = 0; i < 200 && status != 409; i++) {
			status = Http.get(this.port, "/segments/recomposed/next").statusCode();
			assertThat(status).isIn(200, 503, 409);
		}
		assertThat(status).isEqualTo(409);
		for (String path : new String[] { "/segments/recomposed/next", "/segments/recomposed?count=3" }) {
			for (int i = 0; i < 5; i++) {
				HttpResponse<String> response = Http.get(this.port, path);
				assertThat(response.statusCode()).as(path).isEqualTo(409);
				assertThat((String) JsonPath.read(response.body(), "$.error")).isEqualTo("tag_refused");
				assertThat((String) JsonPath.read(response.body(), "$.tag")).isEqualTo("recomposed");
				assertThat((String) JsonPath.read(response.body(), "$.message"))
					.startsWith("Segment tag 'recomposed' changed its composition")
					.contains("is a migration");
			}
		}
		assertThat(output.getOut().split("Segment tag 'recomposed' ", -1)).as("log lines about the tag").hasSize(2);
		assertThat(output.getOut()).doesNotContain("SegmentCompositionChangedException");
		assertThat((String) JsonPath.read(Http.get(this.port, "/actuator/health").body(),
				"$.components.idgenSegments.status")).isEqualTo("DOWN");
	}

}
