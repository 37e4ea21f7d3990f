package io.github.idgen.redis;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.MovableClock;
import io.github.idgen.testsupport.RedisServer;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.awaitility.Awaitility.await;

/**
 * A holder whose token a record carries again after Redis lost data (a data directory restored from a
 * copy made while it held the id) must not take the record's mark for its own: a successor that held
 * the id meanwhile left its mark there, and its ids lie up to that mark, ahead of a holder whose clock
 * is behind.
 */
class RedisRestoredOwnRecordTests {

	private final RedisServer server = RedisServer.shared();

	@Test
	void aHolderGettingItsOwnRecordBackWaitsForTheMarkASuccessorLeftInIt() throws Exception {
		try (TcpProxy network = new TcpProxy(this.server.port());
				RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server)) {
			support.settleWorkerIds();
			for (int i = 0; i < 31; i++) {
				support.startDeployment().getWorkerId();
			}
			// the holder's clock stands still: behind the successor's from the successor's first id on
			MovableClock behind = new MovableClock(Instant.now().plusSeconds(1));
			RedisLeaseDeployment holder = support.start(support.builder(support.connector(this.server.uri(network.port())))
				.clock(behind::millis)
				.build());
			int nodeId = holder.getWorkerId();
			WorkerIdLease first = holder.currentLease();
			IdServiceProxy holderIds = support.proxy(holder, Duration.ofMillis(300));
			String key = "idgen:lease:" + support.group() + ":" + nodeId;
			String holderMark = this.server.cli("HGET", key, "mark");

			network.freeze();
			RedisLeaseDeployment successor = support.startDeployment();
			assertThat(successor.getWorkerId()).as("the only id there is").isEqualTo(nodeId);
			List<Long> successorIds = support.proxy(successor, Duration.ofSeconds(5)).nextIds(100);

			// Redis restored from a copy made while the holder held the id under an earlier claim of its own
			long earlierClaim = first.getClaimId() + 1;
			this.server.cli("HSET", key, "holder", holder.getHolder().token(), "claim", Long.toString(earlierClaim),
					"version", "7", "epoch", "", "mark", holderMark, "marked_by", Long.toString(earlierClaim));
			// the successor's renewal finds the record no longer its own and leaves its mark in it
			await().atMost(Duration.ofSeconds(5)).until(() -> successor.getLeasesLost() > 0);
			long successorMark = Long.parseLong(this.server.cli("HGET", key, "mark"));
			assertThat(successorMark).isGreaterThan(Long.parseLong(holderMark));
			successor.close();

			network.thaw();
			await().atMost(Duration.ofSeconds(10)).until(() -> {
				WorkerIdLease lease = holder.currentLease();
				return lease != null && lease.getClaimId() != first.getClaimId() && lease.isValid();
			});
			WorkerIdLease again = holder.currentLease();
			assertThat(again.getNodeId()).isEqualTo(nodeId);
			assertThat(again.getFloorMillis()).as("the successor's mark").isGreaterThanOrEqualTo(successorMark);

			// at the millisecond of the successor's first id the holder must not issue (it would repeat it)
			behind.set(Instant.ofEpochMilli(timestampOf(successorIds.get(0))));
			assertThatException().isThrownBy(holderIds::nextId);
			behind.set(Instant.ofEpochMilli(successorMark + 1));
			long next = holderIds.nextId();
			assertThat(next).isGreaterThan(successorIds.get(successorIds.size() - 1));
		}
	}

	private static long timestampOf(long id) {
		SnowflakeLayout layout = SnowflakeLayout.TWITTER;
		return (id >>> layout.timestampShift()) * layout.timeUnitMillis() + layout.epochMillis();
	}

}
