package io.github.idgen.autoconfigure.zookeeper;

import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.ReflectionHints;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * {@link RuntimeHintsRegistrar} for what cluster mode's ZooKeeper client and Curator load by
 * reflection, so that they work in a native image. idgen itself loads nothing reflectively; its
 * configuration properties and endpoint records get their hints from Spring Boot.
 */
class ZooKeeperClientRuntimeHints implements RuntimeHintsRegistrar {

	private static final String CLIENT_CNXN_SOCKET_NIO = "org.apache.zookeeper.ClientCnxnSocketNIO";

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		if (!ClassUtils.isPresent(CLIENT_CNXN_SOCKET_NIO, classLoader)) {
			return;
		}
		ReflectionHints reflection = hints.reflection();
		// ZooKeeper.getClientCnxnSocket(): Class.forName(zookeeper.clientCnxnSocket, NIO by default),
		// then its (ZKClientConfig) constructor
		reflection.registerType(TypeReference.of(CLIENT_CNXN_SOCKET_NIO),
				(type) -> type.withConstructor(List.of(TypeReference.of("org.apache.zookeeper.client.ZKClientConfig")),
						ExecutableMode.INVOKE));
		// Curator's Compatibility probes the ZooKeeper version when it is first used: persistent watches,
		// and how to read a server address out of a reconfigured ensemble
		reflection.registerType(TypeReference.of("org.apache.zookeeper.AddWatchMode"));
		reflection.registerType(TypeReference.of("org.apache.zookeeper.server.quorum.MultipleAddresses"),
				(type) -> type.withMethod("getReachableOrOne", List.of(), ExecutableMode.INVOKE));
		reflection.registerType(TypeReference.of("org.apache.zookeeper.server.quorum.QuorumPeer$QuorumServer"),
				(type) -> type.withField("addr"));
	}

}
