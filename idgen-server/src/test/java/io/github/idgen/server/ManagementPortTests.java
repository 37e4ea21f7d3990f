package io.github.idgen.server;

import java.net.http.HttpResponse;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Actuator on a port of its own ({@code management.server.port}): that port is the permission, so
 * its endpoints need no token there (the operator keeps it inside the network), and the API's port
 * serves none of them.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.id-worker-id=9", "management.server.port=0", "idgen.server.tokens[0].name=caller",
				"idgen.server.tokens[0].token=" + ManagementPortTests.TOKEN })
class ManagementPortTests {

	static final String TOKEN = "management-port-token-4d7e1a";

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@Test
	void theManagementPortServesTheActuatorWithoutAToken() {
		assertThat(Http.get(this.managementPort, "/actuator/prometheus").statusCode()).isEqualTo(200);
		assertThat(Http.get(this.managementPort, "/actuator/idgen").statusCode()).isEqualTo(200);
		HttpResponse<String> health = Http.get(this.managementPort, "/actuator/health");
		assertThat((String) JsonPath.read(health.body(), "$.components.idgen.status")).isEqualTo("UP");
		assertThat(Http.get(this.managementPort, "/actuator/health/readiness").statusCode()).isEqualTo(200);
	}

	@Test
	void theApiPortServesNoActuator() {
		assertThat(Http.get(this.port, "/actuator/prometheus").statusCode()).isEqualTo(401);
		assertThat(Http.get(this.port, "/actuator/prometheus", TOKEN).statusCode()).isEqualTo(404);
		assertThat(Http.get(this.port, "/v1/ids/next", TOKEN).statusCode()).isEqualTo(200);
	}

}
