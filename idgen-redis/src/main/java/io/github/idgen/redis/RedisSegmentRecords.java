package io.github.idgen.redis;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.segment.SegmentStoreRecords;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisException;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import org.jspecify.annotations.Nullable;

/**
 * Reads the segment hashes under a key prefix with {@code SCAN} (never {@code KEYS}, which blocks the
 * server for its whole key space) and {@code HGETALL}: the fields of the table first, in its
 * order, then any other field a hash has (such as {@code regressed_below}).
 */
final class RedisSegmentRecords {

	/** The fields every segment hash may have, in the order of the JDBC table's columns. */
	private static final List<String> FIELDS = List.of("max_id", "step", "max_limit_id", "version", "description",
			"update_time", "business_id", "business_bits", "shard_bits");

	private RedisSegmentRecords() {
	}

	static SegmentStoreRecords read(RedisChannel channel, String keyPrefix, String store, int limit) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, was " + limit);
		}
		try {
			Set<String> keys = new TreeSet<>();
			ScanArgs match = ScanArgs.Builder.matches(globEscaped(keyPrefix) + "*").limit(200);
			ScanCursor cursor = ScanCursor.INITIAL;
			boolean truncated = false;
			do {
				ScanCursor from = cursor;
				KeyScanCursor<String> page = channel.call((commands) -> commands.scan(from, match));
				keys.addAll(page.getKeys());
				cursor = page;
			}
			while (!cursor.isFinished() && keys.size() <= limit);
			Map<String, Map<String, String>> hashes = new TreeMap<>();
			for (String key : keys) {
				if (hashes.size() == limit) {
					truncated = true;
					break;
				}
				Map<String, String> fields = channel.call((commands) -> commands.hgetall(key));
				if (!fields.isEmpty()) {
					hashes.put(key.substring(keyPrefix.length()), fields);
				}
			}
			truncated |= !cursor.isFinished();
			Set<String> columns = new LinkedHashSet<>();
			columns.add("tag");
			columns.addAll(FIELDS);
			Set<String> others = new TreeSet<>();
			hashes.values().forEach((fields) -> others.addAll(fields.keySet()));
			others.removeAll(FIELDS);
			columns.addAll(others);
			List<List<@Nullable String>> rows = new ArrayList<>();
			hashes.forEach((tag, fields) -> {
				List<@Nullable String> row = new ArrayList<>();
				row.add(tag);
				columns.stream().skip(1).forEach((column) -> row.add(fields.get(column)));
				rows.add(row);
			});
			return new SegmentStoreRecords(store, List.copyOf(columns), rows, truncated);
		}
		catch (RedisException ex) {
			throw new SegmentStoreException("Could not read the records of " + store + ": " + ex.getMessage(), ex);
		}
	}

	/** A key prefix as a SCAN pattern matching itself only: glob's special characters escaped. */
	private static String globEscaped(String prefix) {
		StringBuilder pattern = new StringBuilder();
		for (char c : prefix.toCharArray()) {
			if ("*?[]\\^".indexOf(c) >= 0) {
				pattern.append('\\');
			}
			pattern.append(c);
		}
		return pattern.toString();
	}

}
