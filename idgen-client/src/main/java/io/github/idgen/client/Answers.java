package io.github.idgen.client;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStoreException;

/**
 * Reads idgen-server's JSON answers: a range {@code {"tag","first","last","rowStep","maxLimitId"}},
 * with {@code "businessId","businessBits","shardBits"} from servers that compose ids,
 * and the members of a problem detail, both flat objects of strings and numbers ({@link FlatJson}).
 */
final class Answers {

	private Answers() {
	}

	static SegmentRange range(String tag, String body, URI server) {
		try {
			Map<String, String> range = FlatJson.read(body);
			// an older server's answer has no composition: a plain tag, as it was
			SegmentComposition composition = new SegmentComposition(
					Long.parseLong(range.getOrDefault("businessId", "0")),
					Integer.parseInt(range.getOrDefault("businessBits", "0")),
					Integer.parseInt(range.getOrDefault("shardBits", "0")));
			return new SegmentRange(tag, Long.parseLong(required(range, "first")), Long.parseLong(required(range, "last")),
					Integer.parseInt(required(range, "rowStep")), Long.parseLong(required(range, "maxLimitId")),
					composition);
		}
		catch (IllegalArgumentException ex) {
			// a proxy's page or another service: the range's outcome is unknown, so it is not used
			throw new SegmentStoreException("idgen-server " + server + " answered 200 without a range of segment tag '"
					+ tag + "': " + ex.getMessage(), ex);
		}
	}

	/** The members of a problem detail, or none if the body is not one. */
	static Map<String, String> problem(String body) {
		try {
			return FlatJson.read(body);
		}
		catch (IllegalArgumentException ex) {
			return new HashMap<>();
		}
	}

	static String detail(Map<String, String> problem) {
		String detail = problem.get("detail");
		return (detail != null) ? " (" + detail + ")" : "";
	}

	static long maxLimitId(Map<String, String> problem) {
		try {
			return Long.parseLong(problem.getOrDefault("maxLimitId", "-1"));
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	private static String required(Map<String, String> object, String name) {
		String value = object.get(name);
		if (value == null) {
			throw new IllegalArgumentException("no '" + name + "'");
		}
		return value;
	}

}
