package io.github.idgen.sample;

import java.util.Collection;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentComposition.ComposedId;
import io.github.idgen.segment.SegmentIdService;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.shard.ShardParameters;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves segment ids per business tag: one as plain text, a batch as JSON strings, each for the shard
 * of {@code ?shard=} or {@code ?key=} where the tag's ids carry one; and an id taken apart.
 */
@RestController
@RequestMapping("/segments")
@ConditionalOnSwitch("xxx.common.segment-enabled")
class SegmentController {

	private final SegmentIdServices services;

	SegmentController(SegmentIdServices services) {
		this.services = services;
	}

	@GetMapping(path = "/{tag}/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(@PathVariable("tag") String tag, HttpServletRequest request) {
		SegmentIdService service = this.services.forTag(tag);
		Integer asked = shard(service, tag, request);
		return Long.toString((asked != null) ? service.nextId(asked) : service.nextId());
	}

	@GetMapping(path = "/{tag}", produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@PathVariable("tag") String tag,
			@RequestParam(name = "count", required = false) @Nullable String count, HttpServletRequest request) {
		int num = IdController.parseCount(count);
		SegmentIdService service = this.services.forTag(tag);
		Integer asked = shard(service, tag, request);
		Collection<Long> ids = (asked != null) ? service.nextIds(asked, num) : service.nextIds(num);
		return ids.stream().map(String::valueOf).toList();
	}

	/** Read from the request, where a repeated parameter shows (bound to a {@code String}, it is comma-joined). */
	private static @Nullable Integer shard(SegmentIdService service, String tag, HttpServletRequest request) {
		return ShardParameters.shard(request.getParameterValues("shard"), request.getParameterValues("key"),
				service.shardBits(), "segment tag '" + tag + "'");
	}

	@GetMapping(path = "/{tag}/ids/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	SegmentIdDetails decode(@PathVariable("tag") String tag, @PathVariable("id") String id) {
		SegmentComposition composition = this.services.forTag(tag).composition();
		long value = IdForm.of(null).read(id, "id");
		ComposedId parts;
		try {
			parts = composition.decompose(value);
		}
		catch (IllegalArgumentException ex) {
			throw new BadParameterException("id", "id " + id + " is not an id of segment tag '" + tag + "': "
					+ ex.getMessage());
		}
		return new SegmentIdDetails(Long.toString(value), tag, Long.toString(parts.sequence()), parts.businessId(),
				parts.shard());
	}

	/**
	 * An id of a segment tag taken apart; id and sequence are strings for JavaScript clients.
	 *
	 * @param id the id
	 * @param tag the tag
	 * @param sequence the number of the tag's ranges it was composed from
	 * @param businessId the business id it carries, 0 for a plain tag
	 * @param shard the shard it carries, 0 for a tag without shard bits
	 */
	record SegmentIdDetails(String id, String tag, String sequence, long businessId, int shard) {
	}

}
