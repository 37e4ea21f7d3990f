package io.github.idgen.autoconfigure.startup;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The check of idgen's keys through a real {@link SpringApplication} start, as a user meets it: a
 * misspelt key in {@code application.yml}, and one in an environment variable of the process, each stop
 * start-up with a failure analysis naming the key, where it was set and the nearest known key.
 */
@ExtendWith(OutputCaptureExtension.class)
class ConfigurationKeysApplicationTests {

	/** spring-cloud-commons is on the test class path (for another test) and refuses Boot 4.1 unless told. */
	static final String NO_SPRING_CLOUD_CHECK = "--spring.cloud.compatibility-verifier.enabled=false";

	@Test
	void aMisspeltKeyInApplicationYmlStopsStartUpWithAFailureAnalysis(CapturedOutput output) {
		SpringApplication application = new SpringApplication(StartupApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException()
			.isThrownBy(() -> application.run("--spring.config.location=classpath:keys-check/misspelt.yml", NO_SPRING_CLOUD_CHECK).close());
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("xxx.common.worker-id")
			.contains("class path resource [keys-check/misspelt.yml] - 4:16")
			.contains("the nearest known key is xxx.common.id-worker-id")
			.contains("Action:");
	}

	@Test
	void aMisspeltEnvironmentVariableStopsStartUpWithAFailureAnalysis() throws Exception {
		ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), StartupApplication.class.getName(), NO_SPRING_CLOUD_CHECK)
			.redirectErrorStream(true);
		builder.environment().put("XXX_COMMON_WORKER_ID", "3");
		builder.environment().put("XXX_COMMON_IDDATACENTERID", "1");
		Process process = builder.start();
		String output;
		try {
			output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("exited").isTrue();
		}
		finally {
			process.destroyForcibly();
		}
		assertThat(process.exitValue()).isNotZero();
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("XXX_COMMON_WORKER_ID")
			.contains("the nearest known key is xxx.common.id-worker-id")
			.doesNotContain("XXX_COMMON_IDDATACENTERID");
	}

}
