package io.github.idgen.segment;

/**
 * Where the ranges of every tag are kept: one record per tag with the largest id handed out so far
 * ({@code max_id}). JDBC now ({@code JdbcSegmentStore}, in idgen-jdbc); another store must keep the same contract.
 */
public interface SegmentStore {

	/**
	 * Takes the next range of a tag: {@code (max_id, max_id + step]} where step is the larger of
	 * {@code requestedStep} and the record's own step, cut at the record's {@code max_limit_id}, and
	 * moves {@code max_id} to the range's end. Returns only once the change is durable; a range
	 * whose outcome is unknown (the connection broke during the commit) is never returned.
	 * @param tag the business tag
	 * @param requestedStep the step the caller wants, at least 1
	 * @return the range, for this caller alone
	 * @throws UnknownSegmentTagException if the store has no record for the tag
	 * @throws SegmentTagExhaustedException if the tag's {@code max_id} reached its {@code max_limit_id}
	 * (or is above it: the limit was lowered)
	 * @throws IllegalStateException if the record is bad: a {@code step} below 1, a {@code max_id} or
	 * {@code max_limit_id} below 0; the message names the tag, the column, its value and the rule
	 * @throws SegmentStoreException if the store cannot be reached or failed
	 */
	SegmentRange allocate(String tag, int requestedStep);

	/**
	 * Takes exactly {@code size} ids of a tag: {@code (max_id, max_id + size]} whatever the record's
	 * own step, cut at the record's {@code max_limit_id}, and moves {@code max_id} to the range's end.
	 * For a caller that hands the range on whole (idgen-server to its clients), where a range larger
	 * than asked for would be wasted. Durable as {@link #allocate(String, int)} is.
	 * @param tag the business tag
	 * @param size the number of ids, at least 1
	 * @return the range, of {@code size} ids unless {@code max_limit_id} cut it shorter
	 * @throws UnknownSegmentTagException if the store has no record for the tag
	 * @throws SegmentTagExhaustedException if the tag's {@code max_id} reached its {@code max_limit_id}
	 * @throws SegmentStoreException if the store cannot be reached or failed
	 */
	SegmentRange allocateExactly(String tag, int size);

	/**
	 * Creates the record of a tag like another tag's record, unless it exists: the same {@code step}
	 * (at most {@code maxLimitId}), {@code max_id} 0, and {@code max_limit_id} the smaller of the
	 * other record's and {@code maxLimitId}. Any number of callers, in any number of processes, may
	 * create the same tag at once: exactly one record results, and the others find it.
	 * @param tag the tag to create
	 * @param template the tag whose record it copies
	 * @param maxLimitId the largest id the new tag may hand out, at least 1
	 * @param description what the new tag is for, up to 256 characters
	 * @return whether this call created it; false if it existed
	 * @throws UnknownSegmentTagException if neither record exists (it names the template)
	 * @throws UnsupportedOperationException if this store cannot create records (the default)
	 * @throws SegmentStoreException if the store cannot be reached or failed
	 */
	default boolean createTagLike(String tag, String template, long maxLimitId, String description) {
		throw new UnsupportedOperationException("The segment store on " + describe() + " cannot create segment tags, so '"
				+ tag + "' must be created by an operator, like '" + template + "'");
	}

	/**
	 * Creates the record of a tag with these settings, unless it exists: {@code max_id} is
	 * {@code idsAbove}, the other columns or fields as the settings say. A record that exists is never
	 * changed, whatever its settings; the answer says how they differ. Any number of callers, in any
	 * number of processes, may create the same tag at once: exactly one record results, and the others
	 * find it (with the winner's settings).
	 * @param tag the tag to create, 1 to 128 characters
	 * @param settings its settings
	 * @return whether this call created it, and how a record found differs from the settings
	 * @throws IllegalStateException if the store cannot hold these settings (a segment table without
	 * the composition columns for a composed tag), naming what is missing
	 * @throws UnsupportedOperationException if this store cannot create records (the default)
	 * @throws SegmentStoreException if the store cannot be reached or failed
	 */
	default SegmentTagCreation createTag(String tag, SegmentTagSettings settings) {
		throw new UnsupportedOperationException("The segment store on " + describe() + " cannot create segment tags, so '"
				+ tag + "' must be created where the store's records are kept");
	}

	/**
	 * Says whether the store has a record for a tag, for the checks at start-up.
	 * @param tag the tag
	 * @return whether its record exists
	 * @throws UnsupportedOperationException if this store cannot tell (the default)
	 * @throws SegmentStoreException if the store cannot be reached or failed
	 */
	default boolean hasTag(String tag) {
		throw new UnsupportedOperationException("The segment store on " + describe() + " cannot tell which tags exist");
	}

	/**
	 * Reads the records of every tag as the store holds them, for operators (idgen-server's console).
	 * A read outside every allocation's transaction: each record as it was at some instant.
	 * @param limit the most records to read, at least 1
	 * @return the records, in the order of their tags
	 * @throws UnsupportedOperationException if this store cannot list its records (the default)
	 * @throws SegmentStoreException if the store cannot be reached or failed
	 */
	default SegmentStoreRecords records(int limit) {
		throw new UnsupportedOperationException("The segment store on " + describe() + " cannot list its records");
	}

	/**
	 * Returns the one line an operator runs to add a tag's record, for messages about a tag that does not
	 * exist.
	 * @param tag the tag
	 * @return such as {@code INSERT INTO idgen_segment (tag, step) VALUES ('orders', 1000);}
	 */
	default String howToAddTag(String tag) {
		return "a record for '" + tag + "' in " + describe();
	}

	/**
	 * Says where the records are, for messages.
	 * @return for example {@code "table idgen_segment"}
	 */
	String describe();

}
