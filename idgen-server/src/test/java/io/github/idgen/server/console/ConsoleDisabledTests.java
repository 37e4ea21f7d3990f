package io.github.idgen.server.console;

import io.github.idgen.server.Http;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code idgen.server.console.enabled=false}: no page, 404 with or without a token; the API as before. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:console-disabled;DB_CLOSE_DELAY=-1", "xxx.common.id-worker-id=7",
				"idgen.server.tokens[0].name=admin", "idgen.server.tokens[0].token=" + ConsoleDisabledTests.ADMIN,
				"idgen.server.tokens[0].manage=true", "idgen.server.console.enabled=false" })
class ConsoleDisabledTests {

	static final String ADMIN = "console-disabled-admin-0123456789";

	@LocalServerPort
	private int port;

	@Test
	void theConsoleIsNotFoundWithOrWithoutAToken() {
		for (String path : new String[] { "/console/", "/console", "/console/index.html", "/console/console.js" }) {
			assertThat(Http.get(this.port, path).statusCode()).as(path).isEqualTo(404);
			assertThat(Http.get(this.port, path, ADMIN).statusCode()).as(path).isEqualTo(404);
		}
		assertThat(Http.get(this.port, "/actuator/idgenServer", ADMIN).statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/v1/ids/next", ADMIN).statusCode()).isEqualTo(200);
	}

}
