package io.github.idgen.redis;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.idgen.segment.AddTagCommands;
import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.segment.SegmentStoreRecords;
import io.github.idgen.segment.SegmentTagCreation;
import io.github.idgen.segment.SegmentTagSettings;
import io.github.idgen.segment.SegmentTagExhaustedException;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.lettuce.core.RedisException;
import io.lettuce.core.ScriptOutputType;
import org.jspecify.annotations.Nullable;

/**
 * The {@link SegmentStore} on Redis: one hash per tag at {@code <prefix>:segment:<tag>} with the
 * fields of the table ({@code max_id}, {@code step}, {@code max_limit_id}, {@code version},
 * {@code description}, {@code update_time}, the last in milliseconds since 1970 by the server's clock),
 * all values decimal strings, and optionally {@code business_id}, {@code business_bits} and
 * {@code shard_bits}, which compose the tag's ids ({@link SegmentComposition}; missing fields are 0, a
 * plain tag): {@code max_id} then counts sequences, and a range stops at the last sequence whose ids
 * stay at or below {@code max_limit_id}. An operator creates a tag ({@link #createTag}, or {@code HSET}); an
 * allocation never does, so a vanished key fails as an unknown tag instead of counting from 0 again.
 * <p>
 * An allocation is one Lua script: {@code (max_id, max_id + step]}, step being the larger of the
 * requested and the record's (or exactly the requested one, {@link #allocateExactly}), cut at
 * {@code max_limit_id}, with exact 64-bit arithmetic; in the same
 * round trip {@code WAIT} proves it on the expected replicas. A range is returned only then: a
 * shortfall or a broken connection throws it away, a gap in the tag's ids and never a duplicate.
 * <p>
 * If Redis loses allocations (a data directory restored from an older copy, a failover to a replica
 * that missed them), {@code max_id} goes back. Each store passes the largest {@code max_id} it took for
 * the tag; a record below it is marked {@code regressed_below} and refused to every instance until an
 * operator raises {@code max_id} and deletes the mark. An instance that took nothing newer cannot
 * tell: as with a restored table, raise {@code max_id} above every id issued before restoring data.
 */
public final class RedisSegmentStore implements SegmentStore, AutoCloseable {

	/** How long an allocation may take unless told otherwise; its {@code WAIT} takes half at most. */
	public static final Duration DEFAULT_ALLOCATION_TIMEOUT = Duration.ofSeconds(5);

	private static final RedisScript ALLOCATE = RedisScript.load("segment-allocate", "segment-decimal");

	private static final RedisScript CREATE = RedisScript.load("segment-create");

	private static final RedisScript CREATE_WITH_SETTINGS = RedisScript.load("segment-create-settings");

	private static final RedisScript CREATE_LIKE = RedisScript.load("segment-create-like", "segment-decimal");

	private final RedisChannel channel;

	private final String keyPrefix;

	private final Map<String, Long> highestTaken = new ConcurrentHashMap<>();

	private final AtomicBoolean started = new AtomicBoolean();

	private RedisSegmentStore(RedisChannel channel) {
		this.channel = channel;
		this.keyPrefix = channel.connector().keyPrefix() + ":segment:";
	}

	/**
	 * Starts a builder.
	 * @param connector where the tags live, under which key prefix, and what the server promises; the
	 * store opens a connection of its own on it
	 * @return a new builder
	 */
	public static Builder builder(RedisConnector connector) {
		return new Builder(Objects.requireNonNull(connector, "connector must not be null"));
	}

	/**
	 * Checks that the server keeps what it acknowledges; allocations are refused before.
	 * @throws RedisNotDurableException if it may lose acknowledged writes and nobody vouched for it
	 * @throws RedisClusterNotSupportedException if it is a Redis Cluster node
	 * @throws RedisUnavailableException if it cannot be reached
	 * @throws IllegalStateException if started before
	 */
	public void start() {
		if (!this.started.compareAndSet(false, true)) {
			throw new IllegalStateException("Cannot be started more than once");
		}
		RedisServerCheck.verify(this.channel);
	}

	@Override
	public String describe() {
		return "Redis hashes " + this.keyPrefix + "<tag> at " + this.channel.describe();
	}

	@Override
	public boolean hasTag(String tag) {
		try {
			return this.channel.call((commands) -> commands.exists(key(tag))) > 0;
		}
		catch (RedisException ex) {
			throw new SegmentStoreException("Could not look for segment tag '" + tag + "' in " + describe() + ": "
					+ ex.getMessage(), ex);
		}
	}

	@Override
	public SegmentStoreRecords records(int limit) {
		return RedisSegmentRecords.read(this.channel, this.keyPrefix, describe(), limit);
	}

	@Override
	public String howToAddTag(String tag) {
		return AddTagCommands.redisHset(key(tag));
	}

	private String key(String tag) {
		return this.keyPrefix + tag;
	}

	@Override
	public SegmentRange allocate(String tag, int requestedStep) {
		if (requestedStep < 1) {
			throw new IllegalArgumentException("requestedStep must be at least 1, was " + requestedStep);
		}
		return take(tag, requestedStep, false);
	}

	@Override
	public SegmentRange allocateExactly(String tag, int size) {
		if (size < 1) {
			throw new IllegalArgumentException("size must be at least 1, was " + size);
		}
		return take(tag, size, true);
	}

	private SegmentRange take(String tag, int size, boolean exactly) {
		if (!this.started.get()) {
			throw new IllegalStateException("Call start() before allocating from " + describe());
		}
		Long taken = this.highestTaken.get(tag);
		List<?> reply;
		try {
			reply = this.channel.write(ALLOCATE, ScriptOutputType.MULTI, new String[] { key(tag) },
					Integer.toString(size), (taken != null) ? taken.toString() : "", exactly ? "1" : "");
		}
		catch (RedisException | RedisWriteNotProvenException ex) {
			throw new SegmentStoreException("Could not allocate a range of segment tag '" + tag + "' from " + describe()
					+ ": " + ex.getMessage(), ex);
		}
		String outcome = (String) reply.get(0);
		switch (outcome) {
			case "OK":
				long lastId = Long.parseLong((String) reply.get(2));
				this.highestTaken.merge(tag, lastId, Math::max);
				SegmentComposition composition = new SegmentComposition(Long.parseLong((String) reply.get(5)),
						Integer.parseInt((String) reply.get(6)), Integer.parseInt((String) reply.get(7)));
				return new SegmentRange(tag, Long.parseLong((String) reply.get(1)) + 1, lastId,
						Integer.parseInt((String) reply.get(3)), Long.parseLong((String) reply.get(4)), composition);
			case "UNKNOWN":
				throw new UnknownSegmentTagException(tag, describe(), howToAddTag(tag));
			case "EXHAUSTED":
				throw new SegmentTagExhaustedException(tag, Long.parseLong((String) reply.get(1)),
						Long.parseLong((String) reply.get(2)), describe());
			case "BAD":
				// a record to repair, not an unreachable store: waiting and retrying would not help
				throw new IllegalStateException("Segment tag '" + tag + "' at " + key(tag) + " in " + this.channel.describe()
						+ " has " + reply.get(1) + " '" + reply.get(2) + "'; it must be a hash whose max_id and max_limit_id"
						+ " are integers from 0 to " + Long.MAX_VALUE + ", whose step is from 1 to " + Integer.MAX_VALUE
						+ " and whose version, if any, is an integer from 0 to " + (Long.MAX_VALUE - 1)
						+ " without leading zeros, and whose business_id, business_bits and shard_bits, if any, are integers"
						+ " from 0; nothing was written");
			case "COMPOSITION":
				throw new IllegalStateException("Segment tag '" + tag + "' at " + key(tag) + " in " + this.channel.describe()
						+ " has " + SegmentComposition.problem(Long.parseLong((String) reply.get(1)),
								Long.parseLong((String) reply.get(2)), Long.parseLong((String) reply.get(3)))
						+ "; nothing was written");
			default:
				throw new IllegalStateException("Segment tag '" + tag + "' at " + key(tag) + " in " + this.channel.describe()
						+ " went back: its max_id " + reply.get(1) + " is below " + reply.get(2) + ", which an instance already"
						+ " took, so Redis lost allocations (data restored from an older copy, a failover that lost writes,"
						+ " max_id lowered by hand) and its next ids may be issued already. No range is handed out until"
						+ " an operator raises max_id above every id issued (HSET " + key(tag) + " max_id <id>) and removes"
						+ " the mark (HDEL " + key(tag) + " regressed_below)");
		}
	}

	/**
	 * Creates a tag that starts at id 1, unless it exists.
	 * @param tag the business tag, 1 to 128 characters without spaces
	 * @param step how many ids one allocation takes at least
	 * @param description what the ids are for, or {@code null}
	 * @return whether it was created; an existing tag is left as it is
	 */
	public boolean createTag(String tag, int step, @Nullable String description) {
		return createTag(tag, 0, step, Long.MAX_VALUE, description);
	}

	/**
	 * Creates a tag unless it exists, as an operator would with {@code HSET}, durably.
	 * @param tag the business tag, 1 to 128 characters without spaces
	 * @param maxId the largest id already used: the first range starts after it
	 * @param step how many ids one allocation takes at least, 1 or more
	 * @param maxLimitId the largest id the tag may ever hand out
	 * @param description what the ids are for, or {@code null}
	 * @return whether it was created; an existing tag is left as it is
	 * @throws RedisWriteNotProvenException if the creation could not be proven on the expected replicas
	 */
	public boolean createTag(String tag, long maxId, int step, long maxLimitId, @Nullable String description) {
		RedisKeys.requireName("segment tag", tag);
		if (maxId < 0 || step < 1 || maxLimitId < maxId) {
			throw new IllegalArgumentException("Segment tag '" + tag + "' needs max_id >= 0, step >= 1 and max_limit_id >="
					+ " max_id, was max_id " + maxId + ", step " + step + ", max_limit_id " + maxLimitId);
		}
		Long created = this.channel.write(CREATE, ScriptOutputType.INTEGER, new String[] { key(tag) },
				Long.toString(maxId), Integer.toString(step), Long.toString(maxLimitId),
				(description != null) ? description : "");
		return created != null && created == 1;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * One Lua script (atomic, so concurrent creations end with one hash), proven on the expected replicas
	 * like an allocation. A plain tag's hash gets no composition fields, as an operator's {@code HSET}.
	 */
	@Override
	public SegmentTagCreation createTag(String tag, SegmentTagSettings settings) {
		RedisKeys.requireName("segment tag", tag);
		SegmentComposition composition = settings.composition();
		boolean plain = composition.isPlain();
		List<?> reply;
		try {
			reply = this.channel.write(CREATE_WITH_SETTINGS, ScriptOutputType.MULTI, new String[] { key(tag) },
					Long.toString(settings.idsAbove()), Integer.toString(settings.step()),
					Long.toString(settings.maxLimitId()), Objects.requireNonNullElse(settings.description(), ""),
					plain ? "" : Long.toString(composition.businessId()),
					plain ? "" : Integer.toString(composition.businessBits()),
					plain ? "" : Integer.toString(composition.shardBits()));
		}
		catch (RedisException | RedisWriteNotProvenException ex) {
			throw new SegmentStoreException("Could not create segment tag '" + tag + "' in " + describe() + ": "
					+ ex.getMessage(), ex);
		}
		switch ((String) reply.get(0)) {
			case "CREATED":
				return SegmentTagCreation.created(tag);
			case "EXISTS":
				Map<String, @Nullable String> record = new HashMap<>();
				List<String> fields = List.of("step", "max_limit_id", "business_id", "business_bits", "shard_bits",
						"description");
				for (int i = 0; i < fields.size(); i++) {
					record.put(fields.get(i), (String) reply.get(i + 1));
				}
				return SegmentTagCreation.found(tag, settings, record);
			default:
				throw new IllegalStateException("Segment tag '" + tag + "' cannot be created at " + key(tag) + " in "
						+ this.channel.describe() + ": the key holds a " + reply.get(1) + ", not a hash; nothing was written");
		}
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * One Lua script (atomic, so concurrent creations end with one hash), proven on the expected
	 * replicas like an allocation.
	 * @throws RedisWriteNotProvenException if the creation could not be proven on the expected replicas
	 */
	@Override
	public boolean createTagLike(String tag, String template, long maxLimitId, String description) {
		RedisKeys.requireName("segment tag", tag);
		if (maxLimitId < 1) {
			throw new IllegalArgumentException("maxLimitId must be at least 1, was " + maxLimitId);
		}
		Long created;
		try {
			created = this.channel.write(CREATE_LIKE, ScriptOutputType.INTEGER, new String[] { key(tag), key(template) },
					Long.toString(maxLimitId), description);
		}
		catch (RedisException | RedisWriteNotProvenException ex) {
			throw new SegmentStoreException("Could not create segment tag '" + tag + "' like '" + template + "' in "
					+ describe() + ": " + ex.getMessage(), ex);
		}
		if (created == null || created < 0) {
			throw new UnknownSegmentTagException(template, describe(), howToAddTag(template));
		}
		return created == 1;
	}

	/**
	 * Closes the store's connection.
	 */
	@Override
	public void close() {
		this.channel.close();
	}

	/**
	 * Builds a {@link RedisSegmentStore}.
	 */
	public static final class Builder {

		private final RedisConnector connector;

		private Duration allocationTimeout = DEFAULT_ALLOCATION_TIMEOUT;

		private Builder(RedisConnector connector) {
			this.connector = connector;
		}

		/**
		 * Sets how long one allocation may take, its {@code WAIT} for the replicas half of it.
		 * @param allocationTimeout at least 10 ms
		 * @return this builder
		 */
		public Builder allocationTimeout(Duration allocationTimeout) {
			if (allocationTimeout == null || allocationTimeout.toMillis() < 10) {
				throw new IllegalArgumentException("allocationTimeout must be at least 10 ms, was " + allocationTimeout);
			}
			this.allocationTimeout = allocationTimeout;
			return this;
		}

		/**
		 * Builds the store; call {@link RedisSegmentStore#start()} next.
		 * @return the store
		 */
		public RedisSegmentStore build() {
			return new RedisSegmentStore(new RedisChannel(this.connector, "idgen-segment", this.allocationTimeout,
					this.allocationTimeout.dividedBy(2)));
		}

	}

}
