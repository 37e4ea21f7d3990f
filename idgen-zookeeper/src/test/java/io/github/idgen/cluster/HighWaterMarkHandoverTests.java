package io.github.idgen.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.lease.HighWaterMark;
import io.github.idgen.lease.HighWaterMarksAheadException;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.github.idgen.testsupport.CapturedOutput;
import io.github.idgen.testsupport.OutputCaptureExtension;


import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The handover of an id between holders whose clocks differ, proven on a real server with
 * injectable clocks. "Killing" a holder closes its client: its session ends and the server deletes
 * its lease node at once, the fastest handover there is.
 */
@ExtendWith(OutputCaptureExtension.class)
class HighWaterMarkHandoverTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.TWITTER;

	private static final MillisClock TWO_SECONDS_AHEAD = () -> System.currentTimeMillis() + 2_000;

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	private CuratorFramework operator;

	@BeforeEach
	void setUp() throws Exception {
		this.operator = this.support.operatorClient();
	}

	@Test
	void aSuccessorWithACorrectClockIssuesNothingUntilItIsPastTheMarkOfAHolderWhoseClockWasAhead() throws Exception {
		occupyAllBut(5);
		CuratorFramework clientA = this.support.startedClient(2_000);
		ClusterDeploymentImpl a = this.support.start(this.support.builderOn(clientA).clock(TWO_SECONDS_AHEAD).build());
		IdServiceProxy idsA = this.support.proxy(a, Duration.ofSeconds(2));
		List<Long> issuedByA = issueFor(idsA, Duration.ofMillis(300));
		long markOfA = a.currentLease().getMarkMillis();
		clientA.close();

		ClusterDeploymentImpl b = this.support.startDeployment();
		IdServiceProxy idsB = this.support.proxy(b, Duration.ofSeconds(5));
		assertThat(b.getWorkerId()).isEqualTo(5);
		assertThat(b.currentLease().getFloorMillis()).isGreaterThanOrEqualTo(markOfA);
		long lastOfA = issuedByA.get(issuedByA.size() - 1);
		List<Long> issuedByB = issueUntil(idsB, LAYOUT.timestampMillis(lastOfA) + 300);

		assertThat(issuedByA).allSatisfy((id) -> assertThat(LAYOUT.timestampMillis(id)).isLessThanOrEqualTo(markOfA));
		assertThat(issuedByB).allSatisfy((id) -> assertThat(LAYOUT.timestampMillis(id)).isGreaterThan(markOfA));
		Set<Long> all = new HashSet<>(issuedByA);
		all.addAll(issuedByB);
		assertThat(all).as("no id issued twice").hasSize(issuedByA.size() + issuedByB.size());
	}

	@Test
	void aSuccessorWaitsForThePromisedMarkNotForTheLastIssuedId() throws Exception {
		occupyAllBut(5);
		CuratorFramework clientA = this.support.startedClient(2_000);
		ClusterDeploymentImpl a = this.support.start(this.support.builderOn(clientA).build());
		long lastOfA = this.support.proxy(a, Duration.ofSeconds(1)).nextId();
		// marks written after the last id promise more than it: a successor must wait for them
		long promisedBeyondTheLastId = LAYOUT.timestampMillis(lastOfA) + 2 * LeaseTestSupport.MARK_INTERVAL.toMillis();
		await().atMost(Duration.ofSeconds(5)).until(() -> a.currentLease().getMarkMillis() > promisedBeyondTheLastId);
		long promised = a.currentLease().getMarkMillis();
		clientA.close();

		ClusterDeploymentImpl b = this.support.startDeployment();
		long firstOfB = this.support.proxy(b, Duration.ofSeconds(5)).nextId();

		assertThat(LAYOUT.timestampMillis(firstOfB)).isGreaterThan(promised);
	}

	@Test
	void aMarkFurtherAheadThanTheWaitBoundMakesTheSuccessorTakeAnotherIdOrFailNamingTheClockDifference()
			throws Exception {
		occupyAllBut(5, 6);
		MillisClock tenSecondsAhead = () -> System.currentTimeMillis() + 10_000;
		CuratorFramework clientA = this.support.startedClient(2_000);
		ClusterDeploymentImpl a = this.support.start(this.support.builderOn(clientA).clock(tenSecondsAhead).build());
		int idOfA = a.getWorkerId();
		this.support.proxy(a, Duration.ofSeconds(1)).nextId();
		clientA.close();

		ClusterDeploymentImpl b = this.support
			.start(this.support.builder().markMaxWait(Duration.ofSeconds(2)).build());
		int other = (idOfA == 5) ? 6 : 5;
		assertThat(b.getWorkerId()).isEqualTo(other);

		ClusterDeploymentImpl c = this.support
			.start(this.support.builder().markMaxWait(Duration.ofSeconds(2)).build());
		assertThatExceptionOfType(HighWaterMarksAheadException.class).isThrownBy(c::getWorkerId)
			.withMessageContaining("mark wait bound of 2000 ms")
			.withMessageContaining("node id " + idOfA)
			.satisfies((ex) -> assertThat(ex.getAheadMillis()).isBetween(8_000L, 10_500L));
		assertThat(this.operator.checkExists().forPath(this.support.path() + "/" + idOfA))
			.as("the id it could not use is given back").isNull();
	}

	@Test
	void whenMarksCannotBeWrittenTheHolderStopsIssuingAtItsMarkAndResumesWhenTheyCanAgain() throws Exception {
		ClusterDeploymentImpl a = this.support.startDeployment();
		IdServiceProxy ids = this.support.proxy(a, Duration.ofMillis(100));
		ids.nextId();
		String record = this.support.path() + "/" + ClusterDeploymentImpl.MARKS + "/" + a.currentLease().getNodeId();

		this.operator.setACL()
			.withACL(List.of(new ACL(ZooDefs.Perms.READ | ZooDefs.Perms.ADMIN, ZooDefs.Ids.ANYONE_ID_UNSAFE)))
			.forPath(record);
		await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThatExceptionOfType(
				WorkerIdLeaseUnavailableException.class)
			.isThrownBy(ids::nextId)
			.withMessageContaining("high-water mark"));
		long stuckMark = a.currentLease().getMarkMillis();
		assertThat(a.currentLease().isValid()).as("the lease itself is fine").isTrue();

		this.operator.setACL().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(record);
		long resumed = await().atMost(Duration.ofSeconds(5)).ignoreExceptions().until(ids::nextId, (id) -> id > 0);
		assertThat(LAYOUT.timestampMillis(resumed)).isGreaterThan(stuckMark);
	}

	@Test
	void aHolderWhoseMarkRecordWasTakenOverByAnotherSessionStopsAndNeverWritesOverIt() throws Exception {
		ClusterDeploymentImpl a = this.support.startDeployment();
		IdServiceProxy ids = this.support.proxy(a, Duration.ofSeconds(5));
		long before = ids.nextId();
		WorkerIdLease old = a.currentLease();
		String record = this.support.path() + "/" + ClusterDeploymentImpl.MARKS + "/" + old.getNodeId();
		HighWaterMark successors = new HighWaterMark(System.currentTimeMillis() + 60_000, 60_000, "successor",
				"1@elsewhere", 0x42L, "successor-token");

		this.operator.setData().forPath(record, successors.toBytes());

		await().atMost(Duration.ofSeconds(5)).until(() -> a.currentLease() != old);
		assertThat(old.getState()).isEqualTo(WorkerIdLease.State.RELEASED);
		assertThat(a.currentLease().getNodeId()).isNotEqualTo(old.getNodeId());
		assertThat(ids.nextId()).isGreaterThan(before);
		assertThat(HighWaterMark.parse(this.operator.getData().forPath(record))).isEqualTo(successors);
	}

	@Test
	void aRestartWithTheSameNameGetsItsIdBackAndFreshNamesNeverUseUpTheRange() throws Exception {
		int idOfPod0;
		try (ClusterDeploymentImpl pod0 = this.support.builder().instanceName("pod-0").build()) {
			pod0.start();
			idOfPod0 = pod0.getWorkerId();
		}
		for (int restart = 0; restart < 3; restart++) {
			try (ClusterDeploymentImpl pod0 = this.support.builder().instanceName("pod-0").build()) {
				pod0.start();
				assertThat(pod0.getWorkerId()).isEqualTo(idOfPod0);
			}
		}
		for (int restart = 0; restart < 40; restart++) {
			try (ClusterDeploymentImpl fresh = this.support.builder()
				.instanceName("pod-" + UUID.randomUUID())
				.build()) {
				fresh.start();
				fresh.getWorkerId();
			}
		}
		List<String> records = this.operator.getChildren()
			.forPath(this.support.path() + "/" + ClusterDeploymentImpl.MARKS);
		assertThat(records).hasSizeLessThanOrEqualTo(32);
		try (ClusterDeploymentImpl other = this.support.builder().instanceName("pod-1").build()) {
			other.start();
			assertThat(other.getWorkerId()).isBetween(0, 31);
		}
	}

	@Test
	void aNamedInstanceWhoseIdIsHeldBySomeoneElseTakesAnotherOne() throws Exception {
		int idOfPod0;
		try (ClusterDeploymentImpl pod0 = this.support.builder().instanceName("pod-0").build()) {
			pod0.start();
			idOfPod0 = pod0.getWorkerId();
		}
		this.operator.create().withMode(CreateMode.EPHEMERAL).forPath(this.support.path() + "/" + idOfPod0);

		ClusterDeploymentImpl pod0 = this.support.start(this.support.builder().instanceName("pod-0").build());
		assertThat(pod0.getWorkerId()).isNotEqualTo(idOfPod0);
	}

	@Test
	void aClockBehindALiveHolderIsWarnedAboutAtStartUp(CapturedOutput output) throws Exception {
		MillisClock fiveSecondsAhead = () -> System.currentTimeMillis() + 5_000;
		ClusterDeploymentImpl ahead = this.support.start(this.support.builder().clock(fiveSecondsAhead).build());
		ahead.getWorkerId();

		ClusterDeploymentImpl behind = this.support.startDeployment();
		behind.getWorkerId();

		assertThat(behind.getMeasuredClockLagMillis()).isBetween(4_000L, 5_500L);
		assertThat(output).contains("This host's clock is at least", "behind the clock of");
	}

	private void occupyAllBut(int... free) throws Exception {
		Set<Integer> keep = new HashSet<>();
		for (int id : free) {
			keep.add(id);
		}
		for (int id = 0; id < 32; id++) {
			if (!keep.contains(id)) {
				this.operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
					.forPath(this.support.path() + "/" + id);
			}
		}
	}

	private static List<Long> issueFor(IdServiceProxy ids, Duration duration) {
		List<Long> issued = new ArrayList<>();
		long end = System.nanoTime() + duration.toNanos();
		while (System.nanoTime() - end < 0) {
			issued.add(ids.nextId());
			LockSupport.parkNanos(20_000);
		}
		return issued;
	}

	/** Issues until an id's timestamp passes {@code untilMillis}; the first call may wait for the mark. */
	private static List<Long> issueUntil(IdServiceProxy ids, long untilMillis) {
		List<Long> issued = new ArrayList<>();
		long id;
		do {
			id = ids.nextId();
			issued.add(id);
			LockSupport.parkNanos(20_000);
		}
		while (LAYOUT.timestampMillis(id) <= untilMillis);
		return issued;
	}

}
