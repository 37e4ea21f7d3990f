package io.github.idgen.server.console;

import java.net.http.HttpResponse;

import io.github.idgen.server.Http;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Actuator on a port of its own ({@code management.server.port}): the console moves there with it,
 * where the port is the permission, and the API's port serves none of it.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:console-management;DB_CLOSE_DELAY=-1",
				"xxx.common.id-worker-id=23", "management.server.port=0", "idgen.server.tokens[0].name=caller",
				"idgen.server.tokens[0].token=" + ManagementPortConsoleTests.TOKEN })
class ManagementPortConsoleTests {

	static final String TOKEN = "console-management-token-0123456789";

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@Test
	void theConsoleIsServedOnTheManagementPortOnly() {
		HttpResponse<String> page = Http.get(this.managementPort, "/console/");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.headers().firstValue("Content-Security-Policy").orElse("")).startsWith("default-src 'self'");
		assertThat(Http.get(this.managementPort, "/console").statusCode()).isEqualTo(302);
		assertThat(Http.get(this.port, "/console/", TOKEN).statusCode()).isEqualTo(404);
	}

	@Test
	void onTheManagementPortThePageShowsTheFiguresWithoutAToken() {
		try (ConsoleBrowser browser = ConsoleBrowser.start(this.managementPort)) {
			browser.open();
			browser.waitUntil(browser::dataShown);
			browser.waitUntil(() -> browser.text("#instance dd[data-name='workerId']").equals("23"));
			assertThat(browser.text("#rows-store")).startsWith("table idgen_segment");
		}
	}

}
