package io.github.idgen.actuate.endpoint;

import java.util.List;

import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentStatistics;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * Actuator endpoint {@code idgenSegments} ({@code /actuator/idgenSegments}): the store and, per tag
 * used so far or waiting for its first range, its current range, ids left, step and counters, and
 * whether it is refused for good.
 */
@Endpoint(id = "idgenSegments")
public class IdgenSegmentsEndpoint {

	private final SegmentIdServices services;

	/**
	 * Creates the endpoint.
	 * @param services the segment id services of the context
	 */
	public IdgenSegmentsEndpoint(SegmentIdServices services) {
		this.services = services;
	}

	/**
	 * Describes the segment id services.
	 * @return the descriptor
	 */
	@ReadOperation
	public SegmentsDescriptor segments() {
		return new SegmentsDescriptor(this.services.describeStore(), this.services.statistics());
	}

	/**
	 * What the endpoint returns.
	 *
	 * @param store where the tags are kept
	 * @param tags the tags used so far and those waiting for their first range, by name
	 */
	public record SegmentsDescriptor(String store, List<SegmentStatistics> tags) {
	}

}
