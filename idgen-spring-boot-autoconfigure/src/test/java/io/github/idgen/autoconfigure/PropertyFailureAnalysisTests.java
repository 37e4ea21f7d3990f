package io.github.idgen.autoconfigure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The report a real {@link SpringApplication} prints for a bad {@code xxx.common.*} value: every key named
 * as users write it, every enum value as users write it, a switch with the values it takes.
 */
@ExtendWith(OutputCaptureExtension.class)
class PropertyFailureAnalysisTests {

	/** A key of ours written the way no configuration writes it: a Java field's camel case. */
	private static final Pattern CAMEL_CASE_KEY = Pattern.compile("xxx\\.common\\.[a-z0-9.\\[\\]<>-]*[A-Z]");

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			xxx.common.id-layout=jssafe                    | xxx.common.id-layout                   | jssafe | twitter, javascript-safe, leaf, mybatis-plus, uid-generator, yitter, sonyflake, custom
			xxx.common.id-sequence-start=random            | xxx.common.id-sequence-start           | random | zero, rotate
			xxx.common.generators.js.layout=JS             | xxx.common.generators.js.layout        | JS     | twitter, javascript-safe, leaf, mybatis-plus, uid-generator, yitter, sonyflake, custom
			xxx.common.generators.js.sequence-start=spread | xxx.common.generators.js.sequence-start | spread | zero, rotate
			""")
	void anEnumValueThatIsNoneOfItsValuesIsAnsweredWithTheValuesUsersWrite(String setting, String key, String value,
			String values, CapturedOutput output) {
		assertThatException().isThrownBy(() -> run("--" + setting));

		assertThat(output).contains("APPLICATION FAILED TO START", key + " is '" + value + "', which is not one of its"
				+ " values: " + values + ".", "Set " + key + " to one of " + values + ".");
		assertThat(output).doesNotContain("No enum constant", "JAVASCRIPT_SAFE", "ROTATE");
	}

	@Test
	void everyEnumKeyOfTheSegmentsAndLeaseModesIsAnsweredTheSameWay(CapturedOutput output) {
		assertThatException().isThrownBy(() -> run("--xxx.common.segment-enabled=true", "--xxx.common.segment-store=mongo"));
		assertThatException()
			.isThrownBy(() -> run("--xxx.common.segment-enabled=true", "--xxx.common.segment-initialize-schema=sometimes"));
		assertThatException().isThrownBy(() -> run("--xxx.common.jdbc-enabled=true", "--xxx.common.lease-range=all"));

		assertThat(output).contains("Set xxx.common.segment-store to one of jdbc, redis.",
				"Set xxx.common.segment-initialize-schema to one of always, embedded, never.",
				"Set xxx.common.lease-range to one of worker-id, node-id.");
		assertThat(output).doesNotContain("No enum constant");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			xxx.common.jdbc-enabled=maybe         | xxx.common.jdbc-enabled      | maybe
			xxx.common.zookeeper-enabled=sometimes | xxx.common.zookeeper-enabled | sometimes
			xxx.common.segment-enabled=enabled     | xxx.common.segment-enabled   | enabled
			xxx.common.redis-enabled=2             | xxx.common.redis-enabled     | 2
			""")
	void aSwitchThatIsNoBooleanIsAnsweredWithTheValuesItTakes(String setting, String key, String value,
			CapturedOutput output) {
		assertThatException().isThrownBy(() -> run("--" + setting));

		assertThat(output).contains("APPLICATION FAILED TO START",
				key + " is '" + value + "', which is no boolean (set in \"" + key + "\" from property source",
				"Set " + key + " to true or false (yes/no, on/off and 1/0 are read the same).");
		assertThat(output).doesNotContain("Update your application's configuration");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			xxx.common.id-data-center-id=-1                                   | xxx.common.id-data-center-id
			xxx.common.id-worker-id=-2                                        | xxx.common.id-worker-id
			xxx.common.id-clock-backwards-tolerance=10s                       | xxx.common.id-clock-backwards-tolerance
			xxx.common.zookeeper-enabled=true,xxx.common.jdbc-enabled=true     | xxx.common.jdbc-enabled
			xxx.common.id-layout=custom,xxx.common.id-sequence-bits=4,xxx.common.id-sequence-start=rotate | xxx.common.id-sequence-start
			xxx.common.generators.tiny.layout=custom,xxx.common.generators.tiny.sequence-bits=4,xxx.common.generators.tiny.sequence-start=rotate | xxx.common.generators.tiny.sequence-start
			""")
	void aRefusedValueIsReportedUnderItsKeyAsUsersWriteIt(String settings, String key, CapturedOutput output) {
		String[] arguments = Stream.of(settings.split(",")).map((setting) -> "--" + setting).toArray(String[]::new);

		assertThatException().isThrownBy(() -> run(arguments));

		assertThat(output).contains("APPLICATION FAILED TO START", "Property: " + key + "\n");
		assertThat(camelCaseKeys(output.toString())).isEmpty();
	}

	@Test
	void noMessageOfTheMainCodeNamesAKeyInCamelCase() throws IOException {
		Path sources = Path.of("src/main/java");
		try (Stream<Path> files = Files.walk(sources)) {
			List<String> found = files.filter((file) -> file.toString().endsWith(".java")).flatMap((file) -> {
				try {
					return camelCaseKeys(Files.readString(file)).stream().map((key) -> sources.relativize(file) + ": " + key);
				}
				catch (IOException ex) {
					throw new IllegalStateException(ex);
				}
			}).toList();
			assertThat(found).isEmpty();
		}
	}

	private static List<String> camelCaseKeys(String text) {
		Matcher matcher = CAMEL_CASE_KEY.matcher(text);
		return matcher.results().map((result) -> result.group()).toList();
	}

	private static void run(String... arguments) {
		SpringApplication application = new SpringApplication(EmptyApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		application.run(arguments);
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class EmptyApplication {

	}

}
