package io.github.idgen.server.api;

import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentTagCreation;
import io.github.idgen.segment.SegmentTagSettings;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Creates segment tags for tokens allowed to manage ({@code SecurityConfiguration}): 201 when this
 * request created the tag, 200 when it exists with the settings asked for (a retried or repeated
 * creation), 409 when it exists with others, which are never changed. Any number of servers may
 * create one tag at once: the store keeps exactly one record.
 */
@RestController
@RequestMapping("/v1/segments/{tag}")
class V1TagsController {

	/** The store's names of what a tag found differs in, by the body's field names. */
	private static final Map<String, String> FIELDS_BY_COLUMN = Map.of("step", TagSettingsRequest.STEP, "max_limit_id",
			TagSettingsRequest.MAX_LIMIT_ID, "business_id", TagSettingsRequest.BUSINESS_ID, "business_bits",
			TagSettingsRequest.BUSINESS_BITS, "shard_bits", TagSettingsRequest.SHARD_BITS);

	private final Ids ids;

	V1TagsController(Ids ids) {
		this.ids = ids;
	}

	/**
	 * Creates a tag unless it exists. The body is read as text ({@link TagSettingsRequest}), so that
	 * a field that is unknown, repeated, a string or a fraction is a 400 naming it.
	 */
	@PutMapping(consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
	@RequestBody(description = "{\"step\": N, \"idsAbove\": M, \"maxLimitId\": L, \"businessId\": b, \"businessBits\": bb,"
			+ " \"shardBits\": sb}, every field but step optional")
	ResponseEntity<TagAnswer> create(@PathVariable("tag") String tag,
			@org.springframework.web.bind.annotation.RequestBody(required = false) @Nullable String body,
			HttpServletRequest request) {
		requireTagName(tag);
		SegmentTagSettings settings = TagSettingsRequest.read(body);
		SegmentTagCreation creation = this.ids.createTag(tag, settings, request);
		if (creation.created()) {
			return ResponseEntity.status(HttpStatus.CREATED).body(TagAnswer.of(tag, settings, true));
		}
		if (creation.isAlike()) {
			return ResponseEntity.ok(TagAnswer.of(tag, settings, false));
		}
		List<TagExistsException.Difference> differences = creation.differences()
			.stream()
			.map((difference) -> new TagExistsException.Difference(
					FIELDS_BY_COLUMN.getOrDefault(difference.setting(), difference.setting()), difference.stored(),
					difference.asked()))
			.toList();
		throw new TagExistsException(tag, differences);
	}

	/** The rule of every store (a Redis key, a table's VARCHAR(128) column), for a 400 rather than a 500. */
	private static void requireTagName(String tag) {
		if (tag.isEmpty() || tag.length() > 128 || tag.chars().anyMatch((c) -> Character.isWhitespace(c)
				|| Character.isISOControl(c))) {
			throw new BadParameterException("tag", "A tag must be 1 to 128 characters without spaces or control"
					+ " characters");
		}
	}

	/**
	 * The settings of a tag, 64-bit values as decimal strings for JavaScript clients.
	 *
	 * @param tag the tag
	 * @param created whether this request created it
	 * @param step how many ids one allocation takes at least
	 * @param idsAbove the tag's ids start above it; only in the answer that created the tag, since a tag
	 * that exists has moved on from it, which is not compared
	 * @param maxLimitId the largest id the tag may issue
	 * @param businessId the business id its ids carry, 0 for none
	 * @param businessBits how many bits carry it
	 * @param shardBits how many lowest bits carry a shard
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record TagAnswer(String tag, boolean created, int step, @Nullable String idsAbove, String maxLimitId,
			long businessId, int businessBits, int shardBits) {

		static TagAnswer of(String tag, SegmentTagSettings settings, boolean created) {
			SegmentComposition composition = settings.composition();
			return new TagAnswer(tag, created, settings.step(), created ? Long.toString(settings.idsAbove()) : null,
					Long.toString(settings.maxLimitId()), composition.businessId(), composition.businessBits(),
					composition.shardBits());
		}

	}

}
