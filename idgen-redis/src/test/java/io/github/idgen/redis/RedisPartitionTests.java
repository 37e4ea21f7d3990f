package io.github.idgen.redis;

import java.time.Duration;

import io.github.idgen.testsupport.LeaseScenarios;
import io.github.idgen.testsupport.RedisServer;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.api.Test;

/**
 * The network between one instance and Redis stops forwarding without closing anything (a TCP proxy
 * that freezes). The cut-off instance issues its last id before its deadline, two thirds of the lease
 * timeout after the freeze at most; a successor takes its id over only after a whole lease timeout,
 * and no id is issued twice.
 */
class RedisPartitionTests {

	@Test
	void aCutOffInstanceStopsByItsDeadlineBeforeASuccessorTakesItsId() throws Exception {
		RedisServer server = RedisServer.shared();
		try (TcpProxy network = new TcpProxy(server.port());
				RedisLeaseTestSupport support = new RedisLeaseTestSupport(server)) {
			support.settleWorkerIds();
			RedisConnector cutOffConnector = support.connector(server.uri(network.port()));
			// marks written 2 s apart promise ids 4 s ahead: only the deadline can stop the cut-off one in time
			RedisLeaseDeployment cutOff = support
				.start(support.builder(cutOffConnector).markInterval(Duration.ofSeconds(2)).build());
			LeaseScenarios.cutOffInstanceStopsByItsDeadline(support, cutOff, network,
					() -> support.start(support.builder().markMaxWait(Duration.ofSeconds(10)).build()));
		}
	}

}
