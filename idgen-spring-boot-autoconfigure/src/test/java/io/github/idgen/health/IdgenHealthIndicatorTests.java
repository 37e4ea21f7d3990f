package io.github.idgen.health;

import java.time.Duration;
import java.time.Instant;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.snowflake.GeneratorStatistics;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How {@link IdgenHealthIndicator} turns what a mode tells into health, including states that are
 * slow or hard to reach on a real server. The modes' own answers are tested with them, on a real
 * ZooKeeper.
 */
class IdgenHealthIndicatorTests {

	private static final GeneratorStatistics COUNTERS = new IdServiceTwitter(0, 0);

	@Test
	void aModeWithoutALeaseThatIssuesIsUpWithItsIdsOnly() {
		Health health = new IdgenHealthIndicator(new Described(null, null)).health(true);

		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsOnlyKeys("mode", "workerId", "datacenterId")
			.containsEntry("mode", "test")
			.containsEntry("workerId", 4)
			.containsEntry("datacenterId", 2);
	}

	@Test
	void aModeThatDoesNotIssueIsOutOfServiceWithItsReasonEvenWithoutALease() {
		Health health = new IdgenHealthIndicator(new Described("store unreachable", null)).health(true);

		assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
		assertThat(health.getDetails()).containsEntry("reason", "store unreachable");
	}

	@Test
	void aLeaseShowsItsDetailsAndAPreviousHolderMarkAheadOfTheClockIsShownAsTheWait() {
		long floor = System.currentTimeMillis() + 60_000;
		Health health = new IdgenHealthIndicator(new Described("waiting", lease(floor, "FENCED"))).health(true);

		assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
		assertThat(health.getDetails()).containsEntry("leasePath", "/ids/4")
			.containsEntry("sessionId", "0x2a")
			.containsEntry("leaseState", "FENCED")
			.containsEntry("instanceName", "orders-1")
			.containsEntry("highWaterMark", "2026-01-01T00:00:00Z")
			.containsEntry("waitingForPreviousHolderMark", Instant.ofEpochMilli(floor).toString())
			.containsEntry("reason", "waiting")
			.doesNotContainKey("holderToken");
	}

	@Test
	void aPreviousHolderMarkTheClockHasPassedIsNotShown() {
		Health health = new IdgenHealthIndicator(new Described(null, lease(1_000, "ACTIVE"))).health(true);

		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsKey("leasePath")
			.doesNotContainKeys("waitingForPreviousHolderMark", "reason");
	}

	@Test
	void aLeaseWithoutASessionShowsNoSessionIdAndNeverTheHolderToken() {
		LeaseInfo lease = new LeaseInfo(LeaseInfo.Backend.JDBC, "/idgen_worker_lease/default/4", "WORKER_ID", HOLDER,
				Instant.EPOCH, null, null, "ACTIVE", "leased", Duration.ofSeconds(6),
				Instant.parse("2026-01-01T00:00:00Z").toEpochMilli(), 0, LEASE_COUNTERS);
		Health health = new IdgenHealthIndicator(new Described(null, lease)).health(true);

		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("leasePath", "/idgen_worker_lease/default/4")
			.doesNotContainKeys("sessionId", "claimId", "holderToken")
			.doesNotContainValue("token-1");
	}

	@Test
	void aLeaseNamedByAClaimShowsItsClaimIdAndNeverTheHolderToken() {
		LeaseInfo lease = new LeaseInfo(LeaseInfo.Backend.REDIS, "redis://127.0.0.1:6379/idgen:lease:default:4",
				"WORKER_ID", HOLDER, Instant.EPOCH, null, "123456789", "ACTIVE", "leased", Duration.ofSeconds(6),
				Instant.parse("2026-01-01T00:00:00Z").toEpochMilli(), 0, LEASE_COUNTERS);
		Health health = new IdgenHealthIndicator(new Described(null, lease)).health(true);

		assertThat(health.getDetails()).containsEntry("claimId", "123456789")
			.doesNotContainKeys("sessionId", "holderToken")
			.doesNotContainValue("token-1");
	}

	private static final LeaseInfo.Counters LEASE_COUNTERS = new LeaseInfo.Counters(1, 0, 0, 0, 0, 0, Duration.ZERO, 3, 0);

	private static final LeaseInfo.Holder HOLDER = new LeaseInfo.Holder("1@host", "host", 1, Instant.EPOCH, "orders-1",
			"token-1");

	private static LeaseInfo lease(long floorMillis, String state) {
		return new LeaseInfo(LeaseInfo.Backend.ZOOKEEPER, "/ids/4", "WORKER_ID", HOLDER, Instant.EPOCH, "0x2a", null, state,
				"because", Duration.ZERO, Instant.parse("2026-01-01T00:00:00Z").toEpochMilli(), floorMillis,
				LEASE_COUNTERS);
	}

	/** A mode that gives fixed answers. */
	private record Described(@Nullable String whyNotIssuing, @Nullable LeaseInfo lease) implements IdServiceInfo {

		@Override
		public String mode() {
			return "test";
		}

		@Override
		public int workerId() {
			return 4;
		}

		@Override
		public int datacenterId() {
			return 2;
		}

		@Override
		public GeneratorStatistics counters() {
			return COUNTERS;
		}

		@Override
		public void addChangeListener(Runnable listener) {
			// answers never change
		}

	}

}
