package io.github.idgen.autoconfigure.zookeeper;

import org.apache.zookeeper.AddWatchMode;
import org.apache.zookeeper.ClientCnxnSocketNIO;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.server.quorum.MultipleAddresses;
import org.apache.zookeeper.server.quorum.QuorumPeer;
import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ZooKeeperClientRuntimeHints}.
 */
class ZooKeeperClientRuntimeHintsTests {

	private final RuntimeHints hints = new RuntimeHints();

	@Test
	void registersTheNioSocketConstructorThatZooKeeperCallsByName() throws Exception {
		new ZooKeeperClientRuntimeHints().registerHints(this.hints, getClass().getClassLoader());
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructorInvocation(ClientCnxnSocketNIO.class.getDeclaredConstructor(ZKClientConfig.class)))
			.accepts(this.hints);
	}

	@Test
	void registersWhatCuratorProbesByReflection() throws Exception {
		new ZooKeeperClientRuntimeHints().registerHints(this.hints, getClass().getClassLoader());
		assertThat(RuntimeHintsPredicates.reflection().onType(AddWatchMode.class)).accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onMethodInvocation(MultipleAddresses.class.getMethod("getReachableOrOne")))
			.accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection().onFieldAccess(QuorumPeer.QuorumServer.class, "addr"))
			.accepts(this.hints);
	}

	@Test
	void registersNothingWithoutZooKeeper() {
		new ZooKeeperClientRuntimeHints().registerHints(this.hints,
				new FilteredClassLoader("org.apache.zookeeper."));
		assertThat(this.hints.reflection().typeHints()).isEmpty();
	}

	@Test
	void isRegisteredInAotFactories() {
		assertThat(SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories")
			.load(RuntimeHintsRegistrar.class)).hasAtLeastOneElementOfType(ZooKeeperClientRuntimeHints.class);
	}

}
