package io.github.idgen.health;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentStatistics;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * Health of segment ids: {@code DOWN} while a tag is refused for good (its store went back, or its
 * composition changed: {@link io.github.idgen.segment.SegmentTagRefusedException}), which nothing but
 * an operator ends; {@code OUT_OF_SERVICE} while a tag's store is unreachable and little is left in
 * memory (no next range preloaded), so that the instance is drained before its callers get 503s;
 * {@code UP} otherwise. A tag asked for whose first range has not come counts too (it has nothing in
 * memory): one whose first allocation keeps failing is out of service, not invisible. Such a tag
 * tries again by itself, so health comes back without traffic. Details per tag.
 */
public class IdgenSegmentsHealthIndicator extends AbstractHealthIndicator {

	private final SegmentIdServices services;

	/**
	 * Creates the indicator.
	 * @param services the segment id services of the context
	 */
	public IdgenSegmentsHealthIndicator(SegmentIdServices services) {
		super("idgen segments health check failed");
		this.services = services;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		boolean outOfService = false;
		boolean refused = false;
		Map<String, Object> tags = new LinkedHashMap<>();
		for (SegmentStatistics statistics : this.services.statistics()) {
			boolean starving = !statistics.storeReachable() && !statistics.nextRangeLoaded();
			outOfService |= starving;
			refused |= statistics.refused();
			Map<String, Object> tag = new LinkedHashMap<>();
			tag.put("idsLeft", statistics.idsLeft());
			tag.put("storeReachable", statistics.storeReachable());
			if (statistics.refused()) {
				tag.put("refused", true);
			}
			if (statistics.lastError() != null) {
				tag.put("lastError", statistics.lastError());
			}
			tags.put(statistics.tag(), tag);
		}
		builder.status(refused ? Status.DOWN : outOfService ? Status.OUT_OF_SERVICE : Status.UP)
			.withDetail("store", this.services.describeStore())
			.withDetail("tags", tags);
	}

}
