package io.github.idgen.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The handover of an id between holders of a layout with 1 s time units ({@link
 * SnowflakeLayout#JAVASCRIPT_SAFE}) on a real ZooKeeper server: a mark promises the whole second that
 * holds it, so a successor whose clock is behind issues from the second after the previous holder's
 * mark, as soon as its clock gets there.
 */
class CoarseUnitHandoverTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.JAVASCRIPT_SAFE;

	private static final long AHEAD_MILLIS = 2_000;

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void aSuccessorWhoseClockIsBehindIssuesFromTheUnitAfterTheMarkAsSoonAsItsClockIsThere() throws Exception {
		HolderAhead a = holderAheadLeavesId5();
		ClusterDeploymentImpl b = this.support.start(this.support.builder().layout(LAYOUT).build());
		assertThat(b.getWorkerId()).isEqualTo(5);
		assertThat(b.currentLease().getFloorMillis()).isEqualTo(a.mark());
		// the wait is what the clocks say (2 s behind, plus the rest of the mark's second), not the wait bound
		IdServiceProxy idsB = this.support.proxy(b, Duration.ofSeconds(30));
		List<Long> issuedByB = new ArrayList<>(idsB.nextIds(500));
		long issuableFrom = LAYOUT.nextUnitStartMillis(a.mark());
		assertThat(System.currentTimeMillis()).as("issued soon after its clock left the mark's second")
			.isLessThan(issuableFrom + 2_000);

		assertThat(issuedByB).allSatisfy((id) -> assertThat(LAYOUT.timestampMillis(id)).isGreaterThan(a.mark())
			.isGreaterThanOrEqualTo(issuableFrom));
		Set<Long> all = new HashSet<>(a.ids());
		all.addAll(issuedByB);
		assertThat(all).as("no id issued twice").hasSize(a.ids().size() + issuedByB.size());
		assertThat(all).allSatisfy((id) -> assertThat(id).isLessThan(1L << 53));
	}

	@Test
	void aSuccessorWhoseClockIsPastTheMarkButNotItsUnitSaysItWaitsForTheRestOfTheUnit() throws Exception {
		HolderAhead a = holderAheadLeavesId5();
		ClusterDeploymentImpl b = this.support.start(this.support.builder().layout(LAYOUT).build());
		IdServiceProxy idsB = this.support.proxy(b, Duration.ofSeconds(5));
		long issuableFrom = LAYOUT.nextUnitStartMillis(a.mark());

		await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(5))
			.until(() -> System.currentTimeMillis() > a.mark() + 10);
		assertThat(System.currentTimeMillis()).as("a precondition: still in the mark's second").isLessThan(issuableFrom);
		assertThat(idsB.whyNotIssuing()).startsWith("waiting for this host's clock to pass the previous holder's"
				+ " high-water mark").contains("(and the rest of its 1000 ms time unit)");
		await().atMost(Duration.ofSeconds(2)).until(() -> System.currentTimeMillis() >= issuableFrom + 50);
		assertThat(idsB.whyNotIssuing()).isNull();
	}

	/**
	 * Holder A, its clock 2 s ahead, takes id 5 (the only free one), issues early in a second of its
	 * clock and leaves, so that its last mark falls in the second of its ids.
	 */
	private HolderAhead holderAheadLeavesId5() throws Exception {
		this.support.occupyAllBut(this.support.operatorClient(), 5);
		MillisClock ahead = () -> System.currentTimeMillis() + AHEAD_MILLIS;
		CuratorFramework client = this.support.startedClient(2_000);
		ClusterDeploymentImpl a = this.support.start(this.support.builderOn(client).layout(LAYOUT).clock(ahead).build());
		IdServiceProxy ids = this.support.proxy(a, Duration.ofSeconds(2));
		ids.nextId();
		await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(1))
			.until(() -> ahead.millis() - LAYOUT.unitStartMillis(ahead.millis()) < 100);
		List<Long> issued = new ArrayList<>(ids.nextIds(500));
		client.close();
		long mark = a.currentLease().getMarkMillis();
		assertThat(LAYOUT.unitStartMillis(mark)).as("a precondition: A's mark is in the second of its ids")
			.isEqualTo(LAYOUT.timestampMillis(issued.get(issued.size() - 1)));
		assertThat(mark - LAYOUT.unitStartMillis(mark)).as("a precondition: A's mark leaves some of its second")
			.isLessThan(800);
		return new HolderAhead(issued, mark);
	}

	private record HolderAhead(List<Long> ids, long mark) {
	}

}
