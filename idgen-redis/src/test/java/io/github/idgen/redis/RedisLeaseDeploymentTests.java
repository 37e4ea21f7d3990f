package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.idgen.lease.HighWaterMark;
import io.github.idgen.lease.LeaseBackend;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

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
			long wallClockBefore = System.currentTimeMillis();
			long start = System.nanoTime();
			int workerId = deployment.getWorkerId();
			assertThat(Duration.ofNanos(System.nanoTime() - start)).as("no record existed: one may have vanished")
				.isGreaterThanOrEqualTo(RedisLeaseTestSupport.LEASE_TIMEOUT);

			WorkerIdLease lease = deployment.currentLease();
			String key = "idgen:lease:" + support.group() + ":" + workerId;
			assertThat(lease.getPath()).isEqualTo("redis://127.0.0.1:" + this.server.port() + "/" + key);
			Map<String, String> record = hash(key);
			assertThat(record).containsEntry("holder", deployment.getHolder().token())
				.containsEntry("claim", Long.toString(lease.getClaimId()))
				.containsEntry("instance", "orders-1")
				.containsEntry("process", deployment.getHolder().process())
				.containsEntry("marked_by", Long.toString(lease.getClaimId()))
				.containsKeys("version", "epoch", "mark", "ahead", "updated");
			assertThat(record.get("epoch")).matches("[0-9a-f]{40}/[0-9a-f]{40}");
			assertThat(lease.getSessionId()).as("Redis has no sessions").isZero();
			assertThat(lease.getClaimId()).isNotZero();
			assertThat(lease).hasToString("WorkerIdLease[" + lease.getPath() + ", workerId=" + workerId + ", datacenterId=0,"
					+ " held by holder " + deployment.getHolder().token() + " (claim " + lease.getClaimId() + "), ACTIVE]");
			long ahead = 2 * RedisLeaseTestSupport.MARK_INTERVAL.toMillis();
			assertThat(Long.parseLong(record.get("ahead"))).isEqualTo(ahead);
			// written ahead of the clock when it was written, which is after the test began (compared with
			// the clock now, a busy machine's pause between the write and this read failed the test)
			assertThat(Long.parseLong(record.get("mark"))).as("mark").isGreaterThanOrEqualTo(wallClockBefore + ahead);

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

	/**
	 * The keeper raises its own mark by reading the record and writing it at the version read, again and
	 * again while the record carries its token; a write refused for naming an earlier claim of the same
	 * holder (the id given back and claimed again meanwhile) would keep the keeper's thread in that loop
	 * for good, and its lease would run out unrenewed. The write names its claim, which the record keeps
	 * as the mark's writer.
	 */
	@Test
	void aMarkWriteOfTheHolderIsWrittenAlsoWhenItNamesAnEarlierClaim() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server);
				RedisChannel channel = new RedisChannel(support.connector(), "idgen-test", Duration.ofSeconds(2),
						Duration.ofSeconds(1))) {
			support.settleRecords(31);
			RedisLeaseDeployment deployment = support.startDeployment();
			int nodeId = deployment.getWorkerId();
			WorkerIdLease lease = deployment.currentLease();
			RedisLeaseBackend records = new RedisLeaseBackend(channel, RedisConnector.DEFAULT_KEY_PREFIX, support.group(),
					RedisLeaseTestSupport.LEASE_TIMEOUT.toMillis(), 0, System::nanoTime);

			LeaseBackend.VersionedMark read = records.readMark(nodeId);
			long raised = read.mark().markMillis() + 60_000;
			HighWaterMark ofTheHolder = new HighWaterMark(raised, 60_000, "", deployment.getHolder().process(), 0,
					deployment.getHolder().token());
			long earlierClaim = lease.getClaimId() + 1;
			assertThat(records.writeMark(nodeId, read.version(), earlierClaim, ofTheHolder)).isTrue();
			LeaseBackend.VersionedMark written = records.readMark(nodeId);
			assertThat(written.mark().markMillis()).isEqualTo(raised);
			assertThat(written.markedBy()).isEqualTo(earlierClaim);
			assertThat(this.server.cli("HGET", "idgen:lease:" + support.group() + ":" + nodeId, "marked_by"))
				.isEqualTo(Long.toString(earlierClaim));
		}
	}

	/**
	 * A record that carries this holder's token with a mark another claim wrote (a successor's, left
	 * in a record Redis restored from an older copy) is no longer this lease's own: the successor may
	 * have issued ids up to that mark. The lease ends, and the id is not taken again at once.
	 */
	@Test
	void aRunningLeaseEndsWhenItsRecordShowsAMarkAnotherClaimWrote() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server)) {
			support.settleRecords(31);
			RedisLeaseDeployment deployment = support.startDeployment();
			int nodeId = deployment.getWorkerId();
			String key = "idgen:lease:" + support.group() + ":" + nodeId;
			long successorMark = System.currentTimeMillis() + 1_000;
			this.server.cli("HSET", key, "mark", Long.toString(successorMark), "marked_by", "12345");
			await().atMost(Duration.ofSeconds(5))
				.until(() -> deployment.getLeasesLost() > 0 && deployment.currentLease() != null
						&& deployment.currentLease().isValid());
			assertThat(deployment.currentLease().getNodeId()).isNotEqualTo(nodeId);
		}
	}

	@Test
	void aLeaseGroupThatIsNoKeyNameIsRefusedWhereItIsSet() {
		try (RedisConnector connector = RedisConnector.create(this.server.uri())) {
			RedisLeaseDeployment.Builder builder = RedisLeaseDeployment.builder(connector);
			assertThatIllegalArgumentException().isThrownBy(() -> builder.leaseGroup(" "))
				.withMessage("The lease group must be 1 to 128 characters, not only white space, was ' '");
			assertThatIllegalArgumentException().isThrownBy(() -> builder.leaseGroup("two words"))
				.withMessageContaining("without spaces or control characters");
			assertThatIllegalArgumentException().isThrownBy(() -> builder.leaseGroup("g".repeat(129)));
		}
	}

	/** Reads the record's fields one by one: a hash with a long value keeps no order of its fields. */
	private Map<String, String> hash(String key) {
		Map<String, String> record = new LinkedHashMap<>();
		for (String field : List.of("holder", "claim", "version", "epoch", "mark", "ahead", "instance", "process",
				"marked_by", "updated")) {
			record.put(field, this.server.cli("HGET", key, field));
		}
		return record;
	}

}
