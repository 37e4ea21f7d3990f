package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Redis lease on a real redis-server: the record layout an operator reads, renewal, give-back,
 * sticky ids, and the rule that a record Redis did not have is claimed only after a lease timeout.
 */
class RedisLeaseDeploymentTests {

	private final RedisServer server = RedisServer.shared();

	@Test
	void aRecordCreatedWhereNoneWasIsClaimedOnlyAfterALeaseTimeoutAndHoldsEveryFieldOfTheLease() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server)) {
			RedisLeaseDeployment deployment = support.start(support.builder().instanceName("orders-1").build());
			long start = System.nanoTime();
			int workerId = deployment.getWorkerId();
			assertThat(Duration.ofNanos(System.nanoTime() - start)).as("no record existed: one may have vanished")
				.isGreaterThanOrEqualTo(RedisLeaseTestSupport.LEASE_TIMEOUT);

			WorkerIdLease lease = deployment.currentLease();
			String key = "idgen:lease:" + support.group() + ":" + workerId;
			assertThat(lease.getPath()).isEqualTo("redis://127.0.0.1:" + this.server.port() + "/" + key);
			Map<String, String> record = hash(key);
			assertThat(record).containsEntry("holder", deployment.getHolder().token())
				.containsEntry("claim", Long.toString(lease.getSessionId()))
				.containsEntry("instance", "orders-1")
				.containsEntry("process", deployment.getHolder().process())
				.containsKeys("version", "epoch", "mark", "ahead", "updated");
			assertThat(record.get("epoch")).matches("[0-9a-f]{40}/[0-9a-f]{40}");
			assertThat(Long.parseLong(record.get("mark"))).isGreaterThan(System.currentTimeMillis());
			assertThat(Long.parseLong(record.get("ahead"))).isEqualTo(2 * RedisLeaseTestSupport.MARK_INTERVAL.toMillis());

			String version = record.get("version");
			Thread.sleep(RedisLeaseTestSupport.LEASE_TIMEOUT.toMillis() / 2);
			assertThat(hash(key).get("version")).as("renewed").isNotEqualTo(version);
			assertThat(lease.isValid()).isTrue();

			deployment.close();
			assertThat(hash(key)).containsEntry("holder", "").containsEntry("instance", "orders-1");
		}
	}

	@Test
	void anIdGivenBackIsLeasedAgainAtOnceAndNamedInstancesGetTheirIdsBack() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server)) {
			support.settleWorkerIds();
			Map<String, Integer> before = new LinkedHashMap<>();
			List<RedisLeaseDeployment> first = new ArrayList<>();
			for (int i = 0; i < 5; i++) {
				RedisLeaseDeployment deployment = support.start(support.builder().instanceName("pod-" + i).build());
				before.put("pod-" + i, deployment.getWorkerId());
				first.add(deployment);
			}
			support.startDeployment().getWorkerId();
			first.forEach(RedisLeaseDeployment::close);

			long start = System.nanoTime();
			Map<String, Integer> after = new LinkedHashMap<>();
			for (int i = 4; i >= 0; i--) {
				after.put("pod-" + i, support.start(support.builder().instanceName("pod-" + i).build()).getWorkerId());
			}
			assertThat(after).isEqualTo(before);
			assertThat(Duration.ofNanos(System.nanoTime() - start)).as("ids freed by this server are leased at once")
				.isLessThan(RedisLeaseTestSupport.LEASE_TIMEOUT);
		}
	}

	/** Reads the record's fields one by one: a hash with a long value keeps no order of its fields. */
	private Map<String, String> hash(String key) {
		Map<String, String> record = new LinkedHashMap<>();
		for (String field : List.of("holder", "claim", "version", "epoch", "mark", "ahead", "instance", "process",
				"updated")) {
			record.put(field, this.server.cli("HGET", key, field));
		}
		return record;
	}

}
