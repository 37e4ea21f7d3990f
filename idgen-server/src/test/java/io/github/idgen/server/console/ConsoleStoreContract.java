package io.github.idgen.server.console;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.server.Http;
import io.github.idgen.server.IdgenServerApplication;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's data on one store: its records as the store holds them in
 * {@code /actuator/idgenServer}, and the page in Chromium listing the tag and its record. Each store's
 * class says how to reach it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ConsoleStoreContract {

	static final String ADMIN = "console-store-admin-0123456789";

	/** Per run, so that a store kept from an earlier run holds none of this run's tags. */
	final String tag = "console-store-" + Long.toString(System.nanoTime() % 1_000_000, 36);

	private ConfigurableApplicationContext server;

	private int port;

	/**
	 * The arguments that put the server on this store.
	 * @return such as {@code --spring.datasource.url=...}
	 */
	abstract List<String> storeArguments();

	/**
	 * Says where the store keeps records.
	 * @return the start of {@code SegmentStore.describe()}, such as {@code table idgen_segment}
	 */
	abstract String storeDescription();

	@BeforeAll
	void startServer() {
		List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--idgen.server.tokens[0].name=admin",
				"--idgen.server.tokens[0].token=" + ADMIN, "--idgen.server.tokens[0].manage=true"));
		arguments.addAll(storeArguments());
		this.server = SpringApplication.run(IdgenServerApplication.class, arguments.toArray(String[]::new));
		this.port = ((WebServerApplicationContext) this.server).getWebServer().getPort();
		HttpResponse<String> created = Http.send(Http.request(this.port, "/v1/segments/" + this.tag, ADMIN)
			.header("Content-Type", "application/json")
			.PUT(HttpRequest.BodyPublishers.ofString("{\"step\": 40, \"idsAbove\": 500, \"maxLimitId\": 900000}"))
			.build());
		assertThat(created.statusCode()).isEqualTo(201);
		for (int i = 0; i < 3; i++) {
			assertThat(Http.get(this.port, "/v1/segments/" + this.tag + "/next", ADMIN).statusCode()).isEqualTo(200);
		}
	}

	@AfterAll
	void stopServer() {
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void theServerEndpointShowsTheTagsRecordAsTheStoreHoldsIt() {
		String body = Http.get(this.port, "/actuator/idgenServer", ADMIN).body();
		assertThat((String) JsonPath.read(body, "$.segmentRecords.records.store")).startsWith(storeDescription());
		List<String> columns = JsonPath.read(body, "$.segmentRecords.records.columns");
		assertThat(columns).startsWith("tag").contains("max_id", "step", "max_limit_id");
		List<List<String>> rows = JsonPath.read(body, "$.segmentRecords.records.rows");
		List<String> row = rows.stream().filter((values) -> values.get(0).equals(this.tag)).findFirst().orElseThrow();
		// one range of 40 above 500 taken, and none other (the next is preloaded only later)
		assertThat(row.get(columns.indexOf("step"))).isEqualTo("40");
		assertThat(Long.parseLong(row.get(columns.indexOf("max_id")))).isGreaterThanOrEqualTo(540);
		assertThat(row.get(columns.indexOf("max_limit_id"))).isEqualTo("900000");
		List<Map<String, Object>> tags = JsonPath.read(Http.get(this.port, "/actuator/idgenSegments", ADMIN).body(),
				"$.tags[?(@.tag == '" + this.tag + "')]");
		assertThat(tags).singleElement().satisfies((tag) -> assertThat(tag).containsEntry("currentFirstId", 501));
	}

	@Test
	void theConsoleListsTheTagAndItsRecord() {
		try (ConsoleBrowser browser = ConsoleBrowser.start(this.port)) {
			browser.open();
			browser.enterToken(ADMIN);
			browser.waitUntil(() -> !browser.tagCell(this.tag, "idsLeft").isEmpty());
			assertThat(browser.tagCell(this.tag, "maxLimitId")).isEqualTo("900,000");
			assertThat(browser.tagCell(this.tag, "recordStep")).isEqualTo("40");
			assertThat(browser.text("#rows tbody tr[data-tag='" + this.tag + "'] td[data-name='max_limit_id']"))
				.isEqualTo("900000");
			assertThat(browser.text("#rows-store")).startsWith(storeDescription());
		}
	}

}
