package io.github.idgen.server.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.server.Http;
import io.github.idgen.server.IdgenServerApplication;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.support.ui.Select;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console in headless Chromium against a real idgen-server on PostgreSQL, which also holds its
 * worker-id lease: the page comes from the server alone, shows with a manage token the figures the
 * JSON endpoints give, the lease's among them, follows ids drawn,
 * takes ids apart, creates tags, and shows a refused token's message and no data; no token reaches
 * a URL, a cookie, the output or the access log.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(OutputCaptureExtension.class)
class ConsoleBrowserTests {

	static final String ADMIN = "console-admin-token-0123456789";

	static final String LIMITED = "console-limited-token-0123456789";

	static final String CALLER = "console-caller-token-0123456789";

	static final String WRONG = "console-wrong-token-0123456789";

	/** The default of {@code xxx.common.jdbc-lease-timeout}. */
	static final long LEASE_TIMEOUT_MILLIS = 10_000;

	private static final PostgresServer postgres = PostgresServer.shared();

	/** Per run, so that a database kept from an earlier run holds none of this run's tags. */
	private final String run = Long.toString(System.nanoTime() % 1_000_000, 36);

	private final String orders = "console-orders-" + this.run;

	private final String composed = "console-composed-" + this.run;

	private Path directory;

	private ConfigurableApplicationContext server;

	private ConsoleBrowser browser;

	private int port;

	@BeforeAll
	void startServerAndBrowser(@TempDir Path directory) throws IOException {
		this.directory = directory;
		Path logs = Files.createDirectories(this.directory.resolve("logs"));
		this.server = SpringApplication.run(IdgenServerApplication.class, "--server.port=0",
				"--spring.datasource.url=" + postgres.jdbcUrl(), "--spring.datasource.username=" + postgres.username(),
				"--xxx.common.jdbc-enabled=true", "--xxx.common.jdbc-lease-group=console-" + this.run,
				"--xxx.common.jdbc-initialize-schema=always", "--xxx.common.segment-initialize-schema=always",
				"--idgen.server.tokens[0].name=console-admin", "--idgen.server.tokens[0].token=" + ADMIN,
				"--idgen.server.tokens[0].manage=true", "--idgen.server.tokens[1].name=console-limited",
				"--idgen.server.tokens[1].token=" + LIMITED, "--idgen.server.tokens[1].manage=true",
				"--idgen.server.tokens[1].tags=" + this.orders, "--idgen.server.tokens[2].name=console-caller",
				"--idgen.server.tokens[2].token=" + CALLER, "--logging.level.org.springframework.security=DEBUG",
				"--logging.level.org.springframework.web=DEBUG",
				"--server.tomcat.basedir=" + this.directory.resolve("tomcat"), "--server.tomcat.accesslog.enabled=true",
				"--server.tomcat.accesslog.directory=" + logs, "--server.tomcat.accesslog.buffered=false",
				"--server.tomcat.accesslog.pattern=%h %t \"%r\" %s %b q=%q auth=%{Authorization}i");
		this.port = ((WebServerApplicationContext) this.server).getWebServer().getPort();
		assertThat(put(this.orders, "{\"step\": 1000, \"maxLimitId\": 1000000}").statusCode()).isEqualTo(201);
		assertThat(put(this.composed, "{\"step\": 100, \"businessId\": 3, \"businessBits\": 2, \"shardBits\": 1}")
			.statusCode()).isEqualTo(201);
		draw(this.orders, 10);
		draw(this.composed, 3);
		this.browser = ConsoleBrowser.start(this.port);
	}

	@AfterAll
	void stop() {
		if (this.browser != null) {
			this.browser.close();
		}
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void thePageComesFromTheServerAloneWithItsPolicyAndHoldsNoData() {
		HttpResponse<String> page = Http.get(this.port, "/console/");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.headers().firstValue("Content-Security-Policy").orElse("")).startsWith("default-src 'self'");
		assertThat(page.body()).doesNotContain(this.orders).doesNotContain("<script>").doesNotContain("style=");
		HttpResponse<String> bare = Http.get(this.port, "/console");
		assertThat(bare.statusCode()).isEqualTo(302);
		assertThat(bare.headers().firstValue("Location").orElse("")).endsWith("/console/");
		this.browser.open();
		assertThat(this.browser.dataShown()).isFalse();
		assertThat(this.browser.find("message").getText()).contains("Enter a token allowed to manage");
		List<String> fetched = this.browser.fetchedUrls();
		assertThat(fetched).isNotEmpty()
			.allSatisfy((url) -> assertThat(url).startsWith(this.browser.origin() + "/"))
			.anySatisfy((url) -> assertThat(url).endsWith("/console/console.js"))
			.anySatisfy((url) -> assertThat(url).endsWith("/console/console.css"));
		// a blocked inline script or style, or a file of the page that failed to load, is logged by the
		// browser (the figures' 401s, the prompt for a token, are logged too)
		assertThat(this.browser.browserLog()).extracting(LogEntry::getMessage)
			.noneSatisfy((message) -> assertThat(message).contains("Content Security Policy"))
			.noneSatisfy((message) -> assertThat(message).contains("/console/").contains("Failed to load"))
			.anySatisfy((message) -> assertThat(message).contains("/actuator/idgen").contains("401"));
	}

	@Test
	void withAManageTokenEveryTagShowsTheFiguresOfTheJsonEndpoints() {
		this.browser.open();
		this.browser.enterToken(ADMIN);
		this.browser.waitUntil(() -> this.browser.dataShown() && !this.browser.tagCell(this.orders, "idsLeft").isEmpty());
		// nothing draws ids now: the endpoints' figures stay, and the page's next refresh shows them
		List<Map<String, Object>> tags = JsonPath.read(actuator("/actuator/idgenSegments"), "$.tags");
		Map<String, Object> records = JsonPath.read(actuator("/actuator/idgenServer"), "$.segmentRecords.records");
		this.browser.waitUntil(() -> tags.stream()
			.allMatch((tag) -> grouped(tag.get("idsLeft")).equals(this.browser.tagCell((String) tag.get("tag"), "idsLeft"))));
		assertThat(tags).extracting((tag) -> tag.get("tag")).contains(this.orders, this.composed);
		for (Map<String, Object> tag : tags) {
			String name = (String) tag.get("tag");
			assertThat(this.browser.tagCell(name, "step")).isEqualTo(grouped(tag.get("step")));
			assertThat(this.browser.tagCell(name, "nextRangeLoaded"))
				.isEqualTo(Boolean.TRUE.equals(tag.get("nextRangeLoaded")) ? "ready" : "not loaded");
			assertThat(this.browser.tagCell(name, "range"))
				.isEqualTo(grouped(tag.get("currentFirstId")) + ".." + grouped(tag.get("currentLastId")));
		}
		assertThat(this.browser.tagCell(this.orders, "maxLimitId")).isEqualTo("1,000,000");
		assertThat(this.browser.tagCell(this.orders, "recordStep")).isEqualTo("1,000");
		assertThat(this.browser.tagCell(this.composed, "composition")).contains("business id 3").contains("1 shard bits");
		// the records as the table holds them, every column of every row
		List<String> columns = JsonPath.read(records, "$.columns");
		List<List<String>> rows = JsonPath.read(records, "$.rows");
		assertThat(columns).startsWith("tag").contains("max_id", "step", "max_limit_id");
		assertThat(rows).extracting((row) -> row.get(0)).contains(this.orders, this.composed);
		List<List<String>> expected = rows.stream()
			.map((row) -> row.stream().map((value) -> (value != null) ? value : "NULL").toList())
			.toList();
		this.browser.waitUntil(() -> this.browser.rows().equals(expected));
		assertThat(this.browser.text("#generators tr[data-generator='(default)'] td[data-name='capacityPerMs']"))
			.isEqualTo("4,096");
		drawOverRefreshes();
		this.browser.waitUntil(() -> !this.browser.all("#chart polyline").isEmpty());
		// a page open for seconds spreads its samples over a minute's axis, not into the last 5 % of five
		assertThat(this.browser.text("#chart text.axis-start")).isEqualTo("1 min ago");
		String points = this.browser.all("#chart polyline").get(0).getAttribute("points");
		assertThat(Double.parseDouble(points.substring(0, points.indexOf(',')))).isLessThan(700);
		this.browser.screenshot();
	}

	@Test
	void theInstanceShowsTheLeasesTimeLeftRenewalsAndFailuresOfTheJsonEndpoint() {
		this.browser.open();
		this.browser.enterToken(ADMIN);
		this.browser.waitUntil(() -> this.browser.dataShown() && !instance("renewals").isEmpty());
		// the lease is renewed every third of its timeout and the page refreshed every 2 s: a read of
		// both at once agrees between a renewal and the next one
		this.browser.waitUntil(() -> {
			Map<String, Object> lease = JsonPath.read(actuator("/actuator/idgen"), "$.lease");
			return instance("renewals").equals(grouped(lease.get("renewals")))
					&& instance("renewal failures").equals(grouped(lease.get("renewalFailures")));
		});
		long renewals = ungrouped(instance("renewals"));
		assertThat(instance("renewal failures")).isEqualTo("0");
		assertThat(instance("lease state")).isEqualTo("ACTIVE, issuing");
		long jsonTimeLeft = ((Number) JsonPath.read(actuator("/actuator/idgen"), "$.lease.timeLeftMillis")).longValue();
		assertThat(jsonTimeLeft).isPositive().isLessThanOrEqualTo(LEASE_TIMEOUT_MILLIS);
		String shown = instance("lease time left");
		assertThat(shown).endsWith(" s");
		double seconds = Double.parseDouble(shown.substring(0, shown.length() - 2));
		assertThat(seconds).isPositive().isLessThanOrEqualTo(LEASE_TIMEOUT_MILLIS / 1000.0);
		// the next renewal reaches the page
		this.browser.waitUntil(() -> ungrouped(instance("renewals")) > renewals);
	}

	@Test
	void aTagsIdsLeftFallAsIdsAreDrawn() {
		this.browser.open();
		this.browser.enterToken(ADMIN);
		this.browser.waitUntil(() -> !this.browser.tagCell(this.orders, "idsLeft").isEmpty());
		long before = ungrouped(this.browser.tagCell(this.orders, "idsLeft"));
		long jsonBefore = idsLeft(this.orders);
		draw(this.orders, 25);
		long jsonAfter = idsLeft(this.orders);
		// the next range is already in memory (preloaded at the first ids), so no range comes in between
		assertThat(jsonAfter).isEqualTo(jsonBefore - 25);
		this.browser.waitUntil(() -> ungrouped(this.browser.tagCell(this.orders, "idsLeft")) == jsonAfter);
		assertThat(jsonAfter).isLessThan(before);
	}

	@Test
	void decodingAnIdShowsItsWorkerIdAndTime() {
		String id = Http.get(this.port, "/v1/ids/next", ADMIN).body();
		String timestamp = JsonPath.read(actuator("/actuator/idgen/" + id), "$.timestamp");
		this.browser.open();
		this.browser.enterToken(ADMIN);
		this.browser.waitUntil(() -> this.browser.dataShown() && !this.browser.all("#decode-with option").isEmpty());
		this.browser.find("decode-id").sendKeys(id);
		this.browser.find("decode-form").submit();
		this.browser.waitUntil(() -> !this.browser.all("#decoded dd[data-name='workerId']").isEmpty());
		int workerId = JsonPath.read(actuator("/actuator/idgen"), "$.workerId");
		assertThat(decoded("workerId")).isEqualTo(Integer.toString(workerId));
		assertThat(decoded("timestamp")).isEqualTo(timestamp);
		assertThat(decoded("id")).isEqualTo(id);
		// a tag's id: its sequence and business id
		String tagId = draw(this.composed, 1).get(0);
		Select with = new Select(this.browser.find("decode-with"));
		with.selectByValue("tag:" + this.composed);
		this.browser.find("decode-id").clear();
		this.browser.find("decode-id").sendKeys(tagId);
		this.browser.find("decode-form").submit();
		this.browser.waitUntil(() -> !this.browser.all("#decoded dd[data-name='businessId']").isEmpty());
		assertThat(decoded("businessId")).isEqualTo("3");
	}

	@Test
	void theCreateFormCreatesATagAndShowsTheServersProblemDetailsOnRefusal() {
		this.browser.open();
		this.browser.enterToken(ADMIN);
		this.browser.waitUntil(this.browser::dataShown);
		String tag = "console-created-" + this.run;
		this.browser.find("create-tag").sendKeys(tag);
		this.browser.find("create-step").sendKeys("0");
		this.browser.find("create-form").submit();
		this.browser.waitUntil(() -> !this.browser.all("#created dd[data-name='detail']").isEmpty());
		assertThat(created("status")).isEqualTo("400");
		assertThat(created("detail")).contains("step");
		this.browser.find("create-step").clear();
		this.browser.find("create-step").sendKeys("50");
		this.browser.find("create-maxLimitId").sendKeys("9007199254740993");
		this.browser.find("create-form").submit();
		this.browser.waitUntil(() -> created("status").startsWith("201"));
		// 2^53 + 1, which a JavaScript number cannot hold, arrived whole
		assertThat(created("maxLimitId")).isEqualTo("9007199254740993");
		this.browser.waitUntil(() -> this.browser.tagCell(tag, "maxLimitId").equals("9,007,199,254,740,993"));
	}

	@Test
	void aWrongTokenShowsTheMessageAndNoData() {
		assertRefused(WRONG, "did not accept this token (401)");
	}

	@Test
	void aTokenLimitedToTagsShowsTheMessageAndNoData() {
		assertRefused(LIMITED, "limited to tags");
	}

	@Test
	void aTokenThatMayNotManageShowsTheMessageAndNoData() {
		assertRefused(CALLER, "may not read the figures (403)");
	}

	@Test
	void noTokenReachesAUrlACookieOrALog(CapturedOutput output) throws IOException {
		// set here too: in a JVM whose logging an earlier test's context set up, the server's
		// --logging.* arguments may not be applied again
		LoggingSystem.get(getClass().getClassLoader()).setLogLevel("org.springframework.security", LogLevel.DEBUG);
		for (String token : List.of(ADMIN, WRONG, LIMITED)) {
			this.browser.open();
			this.browser.enterToken(token);
			this.browser.waitUntil(() -> this.browser.dataShown() || !this.browser.find("message").getText().isEmpty()
					&& this.browser.find("message").getText().contains("(40"));
			assertThat(this.browser.fetchedUrls()).noneSatisfy((url) -> assertThat(url).contains(token));
			assertThat(this.browser.currentUrl()).doesNotContain(token);
			assertThat(this.browser.cookies()).doesNotContain(token);
			assertThat(this.browser.find("token").getAttribute("value")).isEmpty();
		}
		assertThat(this.browser.sessionToken()).isNull();
		try (Stream<Path> files = Files.list(this.directory.resolve("logs"))) {
			List<Path> logs = files.toList();
			assertThat(logs).anySatisfy((log) -> assertThat(log.getFileName().toString()).startsWith("access_log"));
			assertThat(output).contains("Securing GET /actuator/idgenSegments");
			assertThat(output).doesNotContain(ADMIN).doesNotContain(WRONG).doesNotContain(LIMITED);
			String written = logs.stream().map(ConsoleBrowserTests::read).collect(Collectors.joining("\n"));
			assertThat(written).contains("GET /actuator/idgenSegments HTTP/1.1\" 200");
			assertThat(written).doesNotContain(ADMIN).doesNotContain(WRONG).doesNotContain(LIMITED);
		}
	}

	private void assertRefused(String token, String message) {
		this.browser.open();
		this.browser.enterToken(token);
		this.browser.waitUntil(() -> this.browser.find("message").getText().contains(message));
		assertThat(this.browser.dataShown()).isFalse();
		assertThat(this.browser.all("#tags tbody tr")).isEmpty();
		assertThat(this.browser.all("#rows tbody tr")).isEmpty();
		assertThat(this.browser.all("#instance dd")).isEmpty();
		assertThat(this.browser.sessionToken()).isNull();
	}

	private String instance(String name) {
		return this.browser.text("#instance dd[data-name='" + name + "']");
	}

	/**
	 * Draws a different number of ids between each of six refreshes of the page, so that its chart of
	 * ids per second shows a curve.
	 */
	private void drawOverRefreshes() {
		for (int i = 1; i <= 6; i++) {
			String refreshed = this.browser.text("#refreshed");
			assertThat(Http.get(this.port, "/v1/ids?count=" + (i % 3 + 1) * 300, ADMIN).statusCode()).isEqualTo(200);
			draw(this.orders, 5 * i);
			draw(this.composed, 8 - i);
			this.browser.waitUntil(() -> !this.browser.text("#refreshed").equals(refreshed));
		}
	}

	private String decoded(String name) {
		return this.browser.text("#decoded dd[data-name='" + name + "']");
	}

	private String created(String name) {
		return this.browser.text("#created dd[data-name='" + name + "']");
	}

	private String actuator(String path) {
		HttpResponse<String> response = Http.get(this.port, path, ADMIN);
		assertThat(response.statusCode()).as(path).isEqualTo(200);
		return response.body();
	}

	private long idsLeft(String tag) {
		List<Number> left = JsonPath.read(actuator("/actuator/idgenSegments"), "$.tags[?(@.tag == '" + tag + "')].idsLeft");
		return left.get(0).longValue();
	}

	private List<String> draw(String tag, int count) {
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			// the composed tag has a shard bit: each id names its shard
			String shard = tag.equals(this.composed) ? "?shard=1" : "";
			HttpResponse<String> id = Http.get(this.port, "/v1/segments/" + tag + "/next" + shard, ADMIN);
			assertThat(id.statusCode()).isEqualTo(200);
			ids.add(id.body());
		}
		return ids;
	}

	private HttpResponse<String> put(String tag, String body) {
		return Http.send(Http.request(this.port, "/v1/segments/" + tag, ADMIN)
			.header("Content-Type", "application/json")
			.PUT(HttpRequest.BodyPublishers.ofString(body))
			.build());
	}

	private static String grouped(Object number) {
		return String.format(Locale.US, "%,d", ((Number) number).longValue());
	}

	private static long ungrouped(String text) {
		return Long.parseLong(text.replace(",", ""));
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
