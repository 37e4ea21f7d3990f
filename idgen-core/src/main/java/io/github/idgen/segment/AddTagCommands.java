package io.github.idgen.segment;

import java.util.regex.Pattern;

/**
 * The one line an operator runs to add a segment tag, for messages that say a tag does not exist: its
 * record with ids from 1 and a step of 1000 (docs/segments.md and docs/redis.md say how to choose
 * others).
 */
public final class AddTagCommands {

	/** The step a new tag's record gets in these lines. */
	public static final int STEP = 1000;

	private static final Pattern SHELL_WORD = Pattern.compile("[A-Za-z0-9_.:/@%+=-]+");

	private AddTagCommands() {
	}

	/**
	 * Returns the SQL that adds a tag's row.
	 * @param table the segment table
	 * @param tag the tag
	 * @return such as {@code INSERT INTO idgen_segment (tag, step) VALUES ('orders', 1000);}
	 */
	public static String sqlInsert(String table, String tag) {
		return "INSERT INTO " + table + " (tag, step) VALUES ('" + tag.replace("'", "''") + "', " + STEP + ");";
	}

	/**
	 * Returns the redis-cli command that adds a tag's hash.
	 * @param key the tag's key
	 * @return such as {@code redis-cli HSET idgen:segment:orders max_id 0 step 1000 max_limit_id 9223372036854775807 version 0}
	 */
	public static String redisHset(String key) {
		return "redis-cli HSET " + shellWord(key) + " max_id 0 step " + STEP + " max_limit_id " + Long.MAX_VALUE
				+ " version 0";
	}

	private static String shellWord(String text) {
		return SHELL_WORD.matcher(text).matches() ? text : "'" + text.replace("'", "'\\''") + "'";
	}

}
