package io.github.idgen.segment;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The records of a segment store as it holds them (what Leaf's {@code /db} page shows): a table's
 * rows with its own columns, or a hash's fields, values as the store's text.
 *
 * @param store where they are, {@link SegmentStore#describe()}
 * @param columns the column (or field) names, the tag's first
 * @param rows each record's values, in the order of {@code columns}; null where a record has no value
 * @param truncated whether the store holds more records than the limit asked for
 */
public record SegmentStoreRecords(String store, List<String> columns, List<List<@Nullable String>> rows,
		boolean truncated) {

	public SegmentStoreRecords {
		columns = List.copyOf(columns);
		rows = List.copyOf(rows);
	}

}
