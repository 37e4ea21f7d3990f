package io.github.idgen.redis;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.testsupport.RedisServer;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

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
			int workerId = cutOff.getWorkerId();
			for (int i = 0; i < 31; i++) {
				support.startDeployment().getWorkerId();
			}
			IdServiceProxy cutOffIds = support.proxy(cutOff, Duration.ZERO);
			Set<Long> cutOffIssued = ConcurrentHashMap.newKeySet();
			AtomicLong lastIssuedNanos = new AtomicLong();
			AtomicBoolean issuing = new AtomicBoolean(true);
			Thread issuer = new Thread(() -> {
				while (issuing.get()) {
					try {
						cutOffIssued.add(cutOffIds.nextId());
						lastIssuedNanos.set(System.nanoTime());
					}
					catch (WorkerIdLeaseUnavailableException ex) {
						// refused: what the partition must bring
					}
					LockSupport.parkNanos(200_000);
				}
			});
			issuer.start();
			Thread.sleep(500);

			network.freeze();
			long frozenAt = System.nanoTime();
			RedisLeaseDeployment successor = support.start(support.builder().markMaxWait(Duration.ofSeconds(10)).build());
			assertThat(successor.getWorkerId()).isEqualTo(workerId);
			long takenOverAt = System.nanoTime();
			IdServiceProxy successorIds = support.proxy(successor, Duration.ofSeconds(10));
			Set<Long> successorIssued = Set.copyOf(successorIds.nextIds(1000));
			issuing.set(false);
			issuer.join();

			assertThat(cutOffIssued).isNotEmpty();
			assertThat(Duration.ofNanos(lastIssuedNanos.get() - frozenAt))
				.as("the cut-off instance's last id after the freeze")
				.isLessThanOrEqualTo(RedisLeaseTestSupport.LEASE_TIMEOUT.multipliedBy(2).dividedBy(3).plusMillis(5));
			assertThat(Duration.ofNanos(takenOverAt - frozenAt)).as("the takeover after the freeze")
				.isGreaterThanOrEqualTo(RedisLeaseTestSupport.LEASE_TIMEOUT);
			assertThat(cutOffIssued).doesNotContainAnyElementsOf(successorIssued);
			network.thaw();
		}
	}

}
