package io.github.idgen.sample;

import java.net.BindException;

import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;

class EmbeddedZooKeeperPortInUseFailureAnalyzerTests {

	@Test
	void tellsHowToJoinTheZooKeeperOnThatPortOrToPickAnother() {
		EmbeddedZooKeeperPortInUseException failure = new EmbeddedZooKeeperPortInUseException(2181,
				new BindException("Address already in use"));
		FailureAnalysis analysis = new EmbeddedZooKeeperPortInUseFailureAnalyzer()
			.analyze(new IllegalStateException("start-up failed", failure));
		assertThat(analysis).isNotNull();
		assertThat(analysis.getDescription()).contains("127.0.0.1:2181", "already in use");
		assertThat(analysis.getAction()).contains(
				"java -jar idgen-sample-app/target/idgen-sample-app.jar --server.port=8081"
						+ " --xxx.common.zookeeper-addr=127.0.0.1:2181",
				"--sample.embedded-zookeeper.port=");
		assertThat(analysis.getCause()).isSameAs(failure);
	}

}
