package io.github.idgen.client;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStoreException;
import org.jspecify.annotations.Nullable;

/**
 * The state an {@link HttpSegmentStore} shares between concurrent allocations, apart from the HTTP
 * exchanges: which server each allocation asks first (one further than the allocation before, so
 * that clients spread their requests over the servers), and the composition of each tag's ranges
 * (the first range taken sets it; a range composed otherwise is refused). Kept apart so that a model
 * check can explore its interleavings, which it cannot through real HTTP.
 */
final class ServerFailover {

	private final List<URI> servers;

	/** The position of the server the next allocation asks first. */
	private final AtomicInteger next;

	/** Each tag's composition, from the first range this client took of it. */
	private final Map<String, SegmentComposition> compositions = new ConcurrentHashMap<>();

	/**
	 * @param servers the servers, at least one
	 * @param start the position of the server the first allocation asks first, any int
	 */
	ServerFailover(List<URI> servers, int start) {
		this.servers = List.copyOf(servers);
		this.next = new AtomicInteger(Math.floorMod(start, this.servers.size()));
	}

	/**
	 * Starts an allocation: the order it asks the servers in, each once.
	 * @return the servers, beginning with the one after the previous allocation's first
	 */
	List<URI> nextOrder() {
		// kept below the number of servers: a counter that wrapped past Integer.MAX_VALUE skipped the turn
		int first = this.next.getAndUpdate((position) -> (position + 1) % this.servers.size());
		List<URI> order = new ArrayList<>(this.servers.size());
		for (int i = 0; i < this.servers.size(); i++) {
			order.add(this.servers.get((first + i) % this.servers.size()));
		}
		return order;
	}

	/**
	 * Refuses a range whose composition differs from the tag's earlier ranges': a server of a version
	 * that ignores the composition columns, or a row changed behind the instances' back, would have
	 * the client issue ids that may equal ones already issued. The tag's first range sets it.
	 * @return the range
	 * @throws RefusedAnswerException if it is composed otherwise
	 */
	SegmentRange checkComposition(SegmentRange range, URI server) {
		SegmentComposition known = this.compositions.putIfAbsent(range.tag(), range.composition());
		if (known != null && !known.equals(range.composition())) {
			throw new RefusedAnswerException(server, "answered the range " + range.firstId() + ".." + range.lastId()
					+ " of segment tag '" + range.tag() + "' composed with " + range.composition()
					+ ", but its ranges so far were composed with " + known);
		}
		return range;
	}

	/**
	 * What the servers one allocation asked did, for the error when none gave a range.
	 */
	static final class Tried {

		private final List<String> failures = new ArrayList<>();

		private @Nullable Exception lastError;

		private boolean onlyRefused = true;

		/** A server refused the token (401) or did not allow it for the tag (403). */
		void refused(String detail) {
			this.failures.add(detail);
		}

		/** A server could not be reached, failed or gave an unusable answer. */
		void failed(String detail, Exception error) {
			this.onlyRefused = false;
			this.failures.add(detail);
			this.lastError = error;
		}

		/** What the server asked last did. */
		String last() {
			return this.failures.get(this.failures.size() - 1);
		}

		/**
		 * The error of an allocation that no server gave a range.
		 * @param tag the tag
		 * @param servers how many servers there are
		 * @return {@link ServerAccessDeniedException} if every server refused the token, else a
		 * {@link SegmentStoreException} naming every server and what it did
		 */
		RuntimeException noRange(String tag, int servers) {
			String tried = String.join("; ", this.failures);
			if (this.onlyRefused) {
				return new ServerAccessDeniedException("Every idgen-server refused this client's token for segment tag '"
						+ tag + "' (set the token a server accepts for this tag): " + tried);
			}
			return new SegmentStoreException("No range of segment tag '" + tag + "' from any of " + servers
					+ " idgen-server(s): " + tried, Objects.requireNonNull(this.lastError));
		}

	}

}
