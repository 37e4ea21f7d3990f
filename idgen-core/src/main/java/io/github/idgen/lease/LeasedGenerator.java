package io.github.idgen.lease;

import java.time.Instant;
import java.util.List;

import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * A generator and the lease it issues under, with its own permit of that lease: what an
 * {@link IdServiceProxy} delegates to.
 */
final class LeasedGenerator {

	final IdServiceTwitter generator;

	final WorkerIdLease lease;

	private final SnowflakeLayout layout;

	private final LeasePermit permit;

	LeasedGenerator(IdServiceTwitter generator, WorkerIdLease lease) {
		this.generator = generator;
		this.lease = lease;
		this.layout = generator.getLayout();
		this.permit = lease.permit(this.layout.timeUnitMillis());
	}

	boolean permits(long id) {
		return this.permit.permits(this.layout.timestampMillis(id));
	}

	/** Ids increase, so the first and the last of a batch bound all of it. */
	boolean permits(List<Long> ids) {
		return permits(ids.get(0)) && permits(ids.get(ids.size() - 1));
	}

	/**
	 * Returns the first millisecond at which this clock is past the unit of the previous holder's mark:
	 * ids of earlier units may repeat the previous holder's, since a mark promises its whole unit.
	 */
	long issuableFromMillis() {
		return this.layout.nextUnitStartMillis(this.lease.getFloorMillis());
	}

	/**
	 * Returns why ids are not issued now, or {@code null} if a call made now gets one: the lease is
	 * provably held, this clock is past the unit of the previous holder's mark, and the unit it reads
	 * starts no later than this holder's own last written mark.
	 */
	@Nullable String whyNotNow() {
		long now = this.generator.getClock().millis();
		if (this.lease.isValid() && now >= issuableFromMillis()
				&& this.layout.unitStartMillis(now) <= this.lease.getMarkMillis()) {
			return null;
		}
		return whyNot();
	}

	String whyNot() {
		if (!this.lease.isValid()) {
			// an active lease past its deadline saw no event: a pause, or renewals that did not get through
			return (this.lease.getState() == WorkerIdLease.State.ACTIVE)
					? "lease not proven since its deadline passed (paused, or renewals not getting through)"
					: this.lease.getReason();
		}
		long now = this.generator.getClock().millis();
		long from = issuableFromMillis();
		if (now < from) {
			String unit = (this.layout.timeUnitMillis() > 1)
					? " (and the rest of its " + this.layout.timeUnitMillis() + " ms time unit)" : "";
			return "waiting for this host's clock to pass the previous holder's high-water mark "
					+ Instant.ofEpochMilli(this.lease.getFloorMillis()) + unit + ", " + (from - now) + " ms ahead";
		}
		return "high-water mark " + Instant.ofEpochMilli(this.lease.getMarkMillis())
				+ " reached and not renewed: writes to the lease store are failing";
	}

}
