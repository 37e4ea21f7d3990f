package io.github.idgen.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The line the server logs once it is ready: where it listens, as its sockets are bound; the demo how
 * to leave it and where it looked for a configuration file; a service which settings, from where,
 * made it one. The server's own defaults hold wherever its configuration comes from.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupLineTests {

	static final String TOKEN = "startup-token-5c2e8a1f7b3d";

	@Test
	void theDemoLineShowsTheAddressItListensOn(CapturedOutput output) throws UnknownHostException {
		assumeTrue(InetAddress.getByName("localhost").getHostAddress().equals("127.0.0.1"),
				"localhost is 127.0.0.1 on this machine");
		try (ConfigurableApplicationContext context = run(new SpringApplication(IdgenServerApplication.class),
				"--server.address=localhost")) {
			assertThat(output).contains("idgen-server is running as the DEMO on 127.0.0.1:" + port(context) + ":");
		}
	}

	@Test
	void theServiceLineSaysAllInterfacesForAnEmptyAddress(CapturedOutput output) {
		try (ConfigurableApplicationContext context = run(new SpringApplication(IdgenServerApplication.class),
				"--server.address=", "--xxx.common.id-worker-id=3", "--idgen.server.tokens[0].name=startup",
				"--idgen.server.tokens[0].token=" + TOKEN)) {
			assertThat(output).contains("idgen-server is serving on all interfaces:" + port(context) + ":");
		}
	}

	@Test
	void theDemoLineSaysHowToLeaveIt(CapturedOutput output) {
		try (ConfigurableApplicationContext context = run(new SpringApplication(IdgenServerApplication.class))) {
			assertThat(output).contains("To run it as a service, set one of spring.datasource.url,"
					+ " xxx.common.zookeeper-enabled, xxx.common.jdbc-enabled, xxx.common.redis-enabled,"
					+ " xxx.common.segment-store=redis, xxx.common.id-worker-id and idgen.server.tokens: on the command"
					+ " line, in the environment or in config/application.yml under the working directory "
					+ System.getProperty("user.dir") + " (there is none)");
		}
	}

	@Test
	void aServiceNamesTheFileThatMadeItOne(@TempDir Path directory, CapturedOutput output) throws IOException {
		Path file = serviceFile(directory);
		try (ConfigurableApplicationContext context = run(new SpringApplication(IdgenServerApplication.class),
				"--spring.config.location=file:" + file)) {
			assertThat(output).contains("; 1 token(s); service settings: xxx.common.id-worker-id from " + file + ":3");
		}
	}

	/**
	 * {@code --spring.config.location} replaces the locations Spring Boot reads, the class path's
	 * application.yml among them: the server's own defaults must not live there.
	 */
	@Test
	void aConfigLocationKeepsTheServersOwnDefaults(@TempDir Path directory) throws IOException {
		try (ConfigurableApplicationContext context = run(new SpringApplication(IdgenServerApplication.class),
				"--spring.config.location=file:" + serviceFile(directory))) {
			assertThat(context.getEnvironment().getProperty("server.shutdown")).isEqualTo("graceful");
			assertThat(context.getEnvironment().getProperty("management.endpoint.health.roles")).isEqualTo("MANAGE");
			assertThat(Http.get(port(context), "/actuator/prometheus", TOKEN).statusCode()).isEqualTo(200);
		}
	}

	@Test
	void aServiceNamesTheEnvironmentVariablesThatMadeItOne(CapturedOutput output) {
		SpringApplication application = withEnvironment(Map.of("XXX_COMMON_IDWORKERID", "4",
				"IDGEN_SERVER_TOKENS_0_NAME", "startup", "IDGEN_SERVER_TOKENS_0_TOKEN", TOKEN));
		try (ConfigurableApplicationContext context = run(application)) {
			assertThat(output).contains(
					"; 1 token(s); service settings: xxx.common.id-worker-id from environment variable XXX_COMMON_IDWORKERID");
		}
	}

	/**
	 * The OpenAPI document is on in service mode too (it describes the public /v1 contract, no tag),
	 * and nothing warns about it.
	 */
	@Test
	void aServiceServesTheOpenApiDocumentWithoutAWarning(CapturedOutput output) {
		try (ConfigurableApplicationContext context = run(new SpringApplication(IdgenServerApplication.class),
				"--xxx.common.id-worker-id=3", "--idgen.server.tokens[0].name=startup",
				"--idgen.server.tokens[0].token=" + TOKEN)) {
			assertThat(Http.get(port(context), "/v3/api-docs").statusCode()).isEqualTo(200);
			assertThat(output).contains("idgen-server is serving on")
				.doesNotContainPattern("WARN.*(api-docs|OpenAPI|SpringDoc)");
		}
	}

	@Test
	void aServiceNamesTheCommandLine(CapturedOutput output) {
		try (ConfigurableApplicationContext context = run(new SpringApplication(IdgenServerApplication.class),
				"--xxx.common.id-worker-id=3", "--idgen.server.tokens[0].name=startup",
				"--idgen.server.tokens[0].token=" + TOKEN)) {
			assertThat(output).contains("; 1 token(s); service settings: xxx.common.id-worker-id from the command line");
		}
	}

	private static Path serviceFile(Path directory) throws IOException {
		return Files.writeString(directory.resolve("idgen.yml"), """
				xxx:
				  common:
				    id-worker-id: 3
				idgen:
				  server:
				    tokens:
				      - name: startup
				        token: %s
				        manage: true
				""".formatted(TOKEN));
	}

	/**
	 * The server as started with these environment variables, and no others.
	 * @param variables the variables, as in an environment file
	 * @return the application, to run
	 */
	static SpringApplication withEnvironment(Map<String, Object> variables) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
		SpringApplication application = new SpringApplication(IdgenServerApplication.class);
		application.setEnvironment(environment);
		return application;
	}

	static ConfigurableApplicationContext run(SpringApplication application, String... args) {
		String[] all = new String[args.length + 1];
		System.arraycopy(args, 0, all, 0, args.length);
		all[args.length] = "--server.port=0";
		return application.run(all);
	}

	static int port(ConfigurableApplicationContext context) {
		return ((WebServerApplicationContext) context).getWebServer().getPort();
	}

}
