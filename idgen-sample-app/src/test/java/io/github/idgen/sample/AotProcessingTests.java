package io.github.idgen.sample;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplicationAotProcessor;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.aot.AbstractAotProcessor.Settings;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring AOT processing of the sample app, as {@code spring-boot:process-aot} runs it in the build:
 * it records the bean definitions, hints and the conditions it decided without starting anything
 * that connects.
 */
@ExtendWith(OutputCaptureExtension.class)
class AotProcessingTests {

	@Test
	void processingGeneratesTheContextAndZooKeeperHintsAndStartsNoEmbeddedZooKeeper(@TempDir Path output,
			CapturedOutput log) throws Exception {
		Settings settings = Settings.builder()
			.sourceOutput(output.resolve("sources"))
			.resourceOutput(output.resolve("resources"))
			.classOutput(output.resolve("classes"))
			.groupId("io.github.idgen")
			.artifactId("idgen-sample-app")
			.build();

		new SpringApplicationAotProcessor(SampleApplication.class, settings,
				new String[] { "--sample.embedded-zookeeper.port=0" })
			.process();

		// cluster mode and opaque ids, decided at build time from application.yml
		Path sources = output.resolve("sources/io/github/idgen");
		// the generated code checks at start that the settings still decide as they did here
		assertThat(sources.resolve("sample/SampleApplication__ApplicationContextInitializer.java")).content()
			.contains("FrozenConditions.verify(environment")
			.contains("new FrozenCondition.Switch(\"xxx.common.zookeeper-enabled\", true, false, true)")
			.contains("new FrozenCondition.Setting(SettingTest.OPAQUE_ID_KEY_SET, \"set\")");
		assertThat(sources.resolve("autoconfigure/zookeeper/ClusterIdServiceAutoConfiguration__BeanDefinitions.java"))
			.isRegularFile();
		assertThat(sources.resolve("autoconfigure/opaque/OpaqueIdAutoConfiguration__BeanDefinitions.java"))
			.isRegularFile();
		Path metadata = output
			.resolve("resources/META-INF/native-image/io.github.idgen/idgen-sample-app/reachability-metadata.json");
		assertThat(Files.readString(metadata)).contains("\"org.apache.zookeeper.ClientCnxnSocketNIO\"");
		assertThat(log).doesNotContain("embedded ZooKeeper");
	}

}
