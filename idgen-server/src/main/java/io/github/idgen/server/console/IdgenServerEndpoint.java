package io.github.idgen.server.console;

import java.lang.management.ManagementFactory;
import java.time.Instant;

import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.segment.SegmentStoreRecords;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code /actuator/idgenServer}: what the console shows beyond the starter's endpoints, the server's
 * version and start, and the segment store's records as the store holds them (what Leaf's {@code /db}
 * page shows). The records are read from the store at every call, unlike {@code idgenSegments}, which
 * reads memory only: one {@code SELECT} (or {@code SCAN} and {@code HGETALL} per tag) per call.
 */
@Endpoint(id = "idgenServer")
public class IdgenServerEndpoint {

	/** Records read at most: a page of tags an operator reads, and a bounded read for the store. */
	static final int RECORDS_LIMIT = 500;

	private final @Nullable String version;

	private final Instant startedAt = Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime());

	private final @Nullable SegmentStore store;

	/**
	 * Creates the endpoint.
	 * @param version the server's version, null if unknown (run from classes, not from the jar)
	 * @param store the segment store, null when segment ids are off
	 */
	public IdgenServerEndpoint(@Nullable String version, @Nullable SegmentStore store) {
		this.version = version;
		this.store = store;
	}

	@ReadOperation
	public ServerDescriptor server() {
		return new ServerDescriptor(this.version, this.startedAt.toString(), records());
	}

	private RecordsDescriptor records() {
		SegmentStore store = this.store;
		if (store == null) {
			return new RecordsDescriptor(null, "segment ids are off (no segment store)");
		}
		try {
			return new RecordsDescriptor(store.records(RECORDS_LIMIT), null);
		}
		catch (UnsupportedOperationException | SegmentStoreException ex) {
			return new RecordsDescriptor(null, ex.getMessage());
		}
	}

	/**
	 * What {@code /actuator/idgenServer} shows.
	 *
	 * @param version the server's version; null when run from classes
	 * @param startedAt when the process started
	 * @param segmentRecords the segment store's records
	 */
	public record ServerDescriptor(@Nullable String version, String startedAt, RecordsDescriptor segmentRecords) {

	}

	/**
	 * The segment store's records, or why there are none.
	 *
	 * @param records the records, at most {@value IdgenServerEndpoint#RECORDS_LIMIT}; null if they could
	 * not be read
	 * @param error why they could not be read (store unreachable, a store that cannot list them); null
	 * when read
	 */
	public record RecordsDescriptor(@Nullable SegmentStoreRecords records, @Nullable String error) {

	}

}
