package io.github.idgen.client;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentRange;

/**
 * Reads idgen-server's JSON answers: a range {@code {"tag","first","last","rowStep","maxLimitId"}},
 * with {@code "businessId","businessBits","shardBits"} from servers that compose ids,
 * and the members of a problem detail, both flat objects of strings and numbers ({@link FlatJson}).
 * A range answer is checked before it is used ({@link #range}).
 */
final class Answers {

	private Answers() {
	}

	/**
	 * Reads a range answer and checks that this client may use it: a range of the tag asked for, not
	 * empty, from 1, whose ids composed stay at or below 2^63 - 1 and its {@code maxLimitId}. A server
	 * that answers otherwise is broken (or is not idgen-server); its range is not used.
	 * @throws RefusedAnswerException if the answer is no such range
	 */
	static SegmentRange range(String tag, String body, URI server) {
		SegmentRange range;
		try {
			Map<String, String> answer = FlatJson.read(body);
			// an older server's answer has no composition: a plain tag, as it was
			SegmentComposition composition = new SegmentComposition(
					Long.parseLong(answer.getOrDefault("businessId", "0")),
					Integer.parseInt(answer.getOrDefault("businessBits", "0")),
					Integer.parseInt(answer.getOrDefault("shardBits", "0")));
			String answered = required(answer, "tag");
			if (!answered.equals(tag)) {
				throw new RefusedAnswerException(server, "answered a range of segment tag '" + answered
						+ "' when asked for '" + tag + "'");
			}
			range = new SegmentRange(tag, Long.parseLong(required(answer, "first")),
					Long.parseLong(required(answer, "last")), Integer.parseInt(required(answer, "rowStep")),
					Long.parseLong(required(answer, "maxLimitId")), composition);
		}
		catch (IllegalArgumentException ex) {
			// a proxy's page or another service: the range's outcome is unknown, so it is not used
			throw new RefusedAnswerException(server, "answered 200 without a range of segment tag '" + tag + "': "
					+ ex.getMessage(), ex);
		}
		checkLastIds(range, server);
		return range;
	}

	/** Its last sequence, composed with the highest shard, must be an id at or below the limits. */
	private static void checkLastIds(SegmentRange range, URI server) {
		SegmentComposition composition = range.composition();
		String composed = composition.isPlain() ? "" : " (composed with " + composition + ")";
		if (range.lastId() > composition.sequenceLimit(Long.MAX_VALUE)) {
			throw new RefusedAnswerException(server, "answered the range " + range.firstId() + ".." + range.lastId()
					+ " of segment tag '" + range.tag() + "', whose last ids" + composed + " pass 2^63 - 1");
		}
		if (range.lastId() > composition.sequenceLimit(range.maxLimitId())) {
			throw new RefusedAnswerException(server, "answered the range " + range.firstId() + ".." + range.lastId()
					+ " of segment tag '" + range.tag() + "', whose last ids" + composed + " pass its maxLimitId "
					+ range.maxLimitId());
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
