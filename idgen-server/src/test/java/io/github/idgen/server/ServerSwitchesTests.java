package io.github.idgen.server;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The {@code idgen.server.*.enabled} switches are bound as booleans ("yes", "on" and "1" are true
 * there); what the server serves follows the bound value, not the text, and a value that is no
 * boolean stops the start naming the switch.
 */
class ServerSwitchesTests {

	@Test
	void switchesWrittenYesOnOrOneAreOnAsTheSettingsBindThem() {
		try (ConfigurableApplicationContext context = SpringApplication.run(IdgenServerApplication.class,
				"--server.port=0", "--idgen.server.api-docs.enabled=yes", "--idgen.server.console.enabled=on",
				"--idgen.server.id-servlet.enabled=1")) {
			IdgenServerProperties settings = context.getBean(IdgenServerProperties.class);
			assertThat(settings.getApiDocs().isEnabled()).isTrue();
			assertThat(settings.getConsole().isEnabled()).isTrue();
			assertThat(settings.getIdServlet().isEnabled()).isTrue();
			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			assertThat(Http.get(port, "/v3/api-docs").statusCode()).isEqualTo(200);
			assertThat(Http.get(port, "/console/").statusCode()).isEqualTo(200);
			assertThat(context.containsBean("idServletRegistration")).isTrue();
		}
	}

	@Test
	void switchesWrittenOffAreOff() {
		try (ConfigurableApplicationContext context = SpringApplication.run(IdgenServerApplication.class,
				"--server.port=0", "--idgen.server.api-docs.enabled=off", "--idgen.server.console.enabled=no",
				"--idgen.server.id-servlet.enabled=0")) {
			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			assertThat(Http.get(port, "/v3/api-docs").statusCode()).isEqualTo(404);
			assertThat(Http.get(port, "/console/").statusCode()).isEqualTo(404);
			assertThat(context.containsBean("idServletRegistration")).isFalse();
		}
	}

	@Test
	void aSwitchThatIsNoBooleanStopsTheStartNamingIt() {
		assertThatException()
			.isThrownBy(() -> SpringApplication
				.run(IdgenServerApplication.class, "--server.port=0", "--idgen.server.console.enabled=maybe")
				.close())
			.satisfies((ex) -> assertThat(ex).hasStackTraceContaining("idgen.server.console.enabled"));
	}

}
