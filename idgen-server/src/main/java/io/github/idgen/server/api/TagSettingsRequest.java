package io.github.idgen.server.api;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentTagSettings;
import io.github.idgen.shard.Shards;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the body of {@code PUT /v1/segments/{tag}} strictly, since a tag's settings can never be
 * changed once it issued ids: an object of integers only ({@code step} required), no field twice, no
 * other field, no number as a string, no fraction, each within its range; otherwise a
 * {@link BadParameterException} naming the field and its range. Parsed as a tree rather than bound to a
 * class, so that every refusal names its field instead of quoting a parser's message.
 */
final class TagSettingsRequest {

	static final String STEP = "step";

	static final String IDS_ABOVE = "idsAbove";

	static final String MAX_LIMIT_ID = "maxLimitId";

	static final String BUSINESS_ID = "businessId";

	static final String BUSINESS_BITS = "businessBits";

	static final String SHARD_BITS = "shardBits";

	private static final List<String> FIELDS = List.of(STEP, IDS_ABOVE, MAX_LIMIT_ID, BUSINESS_ID, BUSINESS_BITS,
			SHARD_BITS);

	private static final String SHAPE = "{\"step\": N, \"idsAbove\": M, \"maxLimitId\": L, \"businessId\": b,"
			+ " \"businessBits\": bb, \"shardBits\": sb}, every field but step optional";

	/** A repeated field would otherwise be taken as its last value. */
	private static final JsonMapper JSON = JsonMapper.builder()
		.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
		.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
		.build();

	private TagSettingsRequest() {
	}

	/**
	 * Reads the settings of a body.
	 * @param body the request's body, null if it had none
	 * @return the settings, without a description
	 * @throws BadParameterException naming the field that is missing, unknown, not an integer or out of range
	 */
	static SegmentTagSettings read(@Nullable String body) {
		JsonNode tree = tree(body);
		Set<String> unknown = new LinkedHashSet<>(tree.propertyNames());
		FIELDS.forEach(unknown::remove);
		if (!unknown.isEmpty()) {
			String field = unknown.iterator().next();
			throw new BadParameterException(field, "Unknown field '" + field + "': the body of a tag is " + SHAPE);
		}
		if (!tree.has(STEP)) {
			throw new BadParameterException(STEP, "step is missing: the body of a tag is " + SHAPE);
		}
		int step = (int) integer(tree, STEP, 1, Integer.MAX_VALUE, 0);
		long idsAbove = integer(tree, IDS_ABOVE, 0, Long.MAX_VALUE - 1, 0);
		long maxLimitId = integer(tree, MAX_LIMIT_ID, 1, Long.MAX_VALUE, Long.MAX_VALUE);
		int shardBits = (int) integer(tree, SHARD_BITS, 0, Shards.MAX_SHARD_BITS, 0);
		int businessBits = (int) integer(tree, BUSINESS_BITS, 0, SegmentComposition.MAX_BITS - shardBits, 0);
		long businessId = integer(tree, BUSINESS_ID, 0, (1L << businessBits) - 1, 0);
		SegmentComposition composition = new SegmentComposition(businessId, businessBits, shardBits);
		if (composition.sequenceLimit(maxLimitId) <= idsAbove) {
			throw new BadParameterException(MAX_LIMIT_ID, "maxLimitId " + maxLimitId + " leaves no id above idsAbove "
					+ idsAbove + (composition.isPlain() ? "" : " composed with " + composition)
					+ ": the tag would be exhausted from the start; give a larger maxLimitId or a smaller idsAbove");
		}
		return new SegmentTagSettings(step, idsAbove, maxLimitId, composition, null);
	}

	private static JsonNode tree(@Nullable String body) {
		if (body == null || body.isBlank()) {
			throw new BadParameterException(STEP, "A JSON body is needed: " + SHAPE);
		}
		JsonNode tree;
		try {
			tree = JSON.readTree(body);
		}
		catch (JacksonException ex) {
			// the parser's own words name a position, never a field; a repeated field is named here
			String repeated = repeatedField(ex);
			if (repeated != null) {
				throw new BadParameterException(repeated, "Field '" + repeated + "' is given twice: give it once");
			}
			throw new BadParameterException("body", "The body is not JSON: " + SHAPE);
		}
		if (tree == null || !tree.isObject()) {
			throw new BadParameterException("body", "The body must be a JSON object: " + SHAPE);
		}
		return tree;
	}

	private static @Nullable String repeatedField(JacksonException ex) {
		String message = ex.getOriginalMessage();
		if (message != null && message.startsWith("Duplicate Object property \"")) {
			int end = message.indexOf('"', "Duplicate Object property \"".length());
			String field = message.substring("Duplicate Object property \"".length(), end);
			return FIELDS.contains(field) ? field : null;
		}
		return null;
	}

	/** An optional integer field within its range: a string, fraction, null or anything else is refused. */
	private static long integer(JsonNode tree, String field, long min, long max, long absent) {
		JsonNode value = tree.get(field);
		if (value == null) {
			return absent;
		}
		if (value.isIntegralNumber() && value.canConvertToLong()) {
			long parsed = value.longValue();
			if (parsed >= min && parsed <= max) {
				return parsed;
			}
		}
		String shown = value.isString() ? "the string " + value : value.toString();
		throw new BadParameterException(field, field + " must be an integer (a JSON number without fraction or"
				+ " quotes) from " + min + " to " + max + ", was " + shown);
	}

}
