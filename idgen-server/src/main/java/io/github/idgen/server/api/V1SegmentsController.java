package io.github.idgen.server.api;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentComposition.ComposedId;
import io.github.idgen.segment.SegmentRange;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Segment ids of a tag: one as text, a batch as JSON strings, and whole ranges for clients that
 * serve ids from memory (idgen-client's {@code HttpSegmentStore}).
 */
@RestController
@RequestMapping("/v1/segments/{tag}")
class V1SegmentsController {

	private final Ids ids;

	V1SegmentsController(Ids ids) {
		this.ids = ids;
	}

	@GetMapping(path = "/next", produces = MediaType.TEXT_PLAIN_VALUE)
	@Parameter(name = "shard", in = ParameterIn.QUERY, description = Parameters.SHARD_DESCRIPTION,
			schema = @Schema(type = "string"))
	@Parameter(name = "key", in = ParameterIn.QUERY, description = Parameters.KEY_DESCRIPTION,
			schema = @Schema(type = "string"))
	String next(@PathVariable("tag") String tag, HttpServletRequest request) {
		// ?shard= and ?key= are read from the request, where a repeated one shows (Parameters.shard)
		return Long.toString(this.ids.segmentId(tag, request));
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	@Parameter(name = "shard", in = ParameterIn.QUERY, description = Parameters.SHARD_DESCRIPTION,
			schema = @Schema(type = "string"))
	@Parameter(name = "key", in = ParameterIn.QUERY, description = Parameters.KEY_DESCRIPTION,
			schema = @Schema(type = "string"))
	List<String> batch(@PathVariable("tag") String tag,
			@RequestParam(name = "count", required = false) @Nullable String count, HttpServletRequest request) {
		return this.ids.segmentIds(tag, Parameters.count(count), request);
	}

	/**
	 * Takes an id of the tag apart: its sequence, business id and shard, as the tag's composition has
	 * them (a plain tag's id is its sequence).
	 */
	@GetMapping(path = "/ids/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	SegmentIdDetails decode(@PathVariable("tag") String tag, @PathVariable("id") String id,
			HttpServletRequest request) {
		SegmentComposition composition = this.ids.segment(tag, request).composition();
		long value = Parameters.bounded("id", id, 1, Long.MAX_VALUE);
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
	 * Takes a range from the store for the caller alone: {@code ?size=N} exactly N ids (1 to
	 * 100,000) unless the tag's {@code max_limit_id} cuts it shorter; or {@code ?step=N}, at least N
	 * (at most 100,000 of them) and at least the tag's own step, as a segment store's allocation does.
	 * A step above the bound is taken as the bound rather than refused: a client's dynamic step grows
	 * up to its own {@code segment-max-step} (1,000,000 unless set) and must not fail for it.
	 */
	@PostMapping(path = "/ranges", produces = MediaType.APPLICATION_JSON_VALUE)
	RangeAnswer range(@PathVariable("tag") String tag,
			@RequestParam(name = "size", required = false) @Nullable String size,
			@RequestParam(name = "step", required = false) @Nullable String step, HttpServletRequest request) {
		if ((size == null) == (step == null)) {
			throw new BadParameterException("size", "give exactly one of size (exactly N ids, 1 to "
					+ Parameters.MAX_RANGE_SIZE + ") and step (at least N ids, at most " + Parameters.MAX_RANGE_SIZE
					+ ", and the tag's own step)");
		}
		// the client composes the ids of every shard from the range's sequences (HttpSegmentStore)
		Parameters.noShard(request, "A range of segment tag '" + tag + "' is sequences that its client composes into"
				+ " ids of any shard");
		SegmentRange range = (size != null)
				? this.ids.range(tag, (int) Parameters.bounded("size", size, 1, Parameters.MAX_RANGE_SIZE), null, request)
				: this.ids.range(tag, null, Parameters.step(step), request);
		return RangeAnswer.of(range);
	}

	/**
	 * A range of a tag's ids for one caller, ids as decimal strings.
	 *
	 * @param tag the tag
	 * @param first the first id of the range
	 * @param last the last id of the range, included
	 * @param rowStep the tag's own step in the store
	 * @param maxLimitId the tag's largest id
	 * @param businessId the tag's business id; left out for a plain tag, whose answer is the one of
	 * servers before composed ids
	 * @param businessBits how many bits carry it; left out for a plain tag
	 * @param shardBits how many lowest bits carry a shard; left out for a plain tag. With the three,
	 * {@code first} and {@code last} are sequences, composed into ids as {@code sequence << (businessBits
	 * + shardBits) | businessId << shardBits | shard}
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record RangeAnswer(String tag, String first, String last, int rowStep, String maxLimitId, @Nullable Long businessId,
			@Nullable Integer businessBits, @Nullable Integer shardBits) {

		static RangeAnswer of(SegmentRange range) {
			SegmentComposition composition = range.composition();
			boolean plain = composition.isPlain();
			return new RangeAnswer(range.tag(), Long.toString(range.firstId()), Long.toString(range.lastId()),
					range.rowStep(), Long.toString(range.maxLimitId()), plain ? null : composition.businessId(),
					plain ? null : composition.businessBits(), plain ? null : composition.shardBits());
		}

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
