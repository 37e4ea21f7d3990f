package io.github.idgen.actuate.endpoint;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.snowflake.GeneratorStatistics;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * {@code /actuator/idgen}: the mode, the layout in force, the lease and its fencing state (in a mode
 * with a lease) and the counters; {@code /actuator/idgen/{id}} takes an id apart with the layout in
 * force.
 */
@Endpoint(id = "idgen")
public class IdgenEndpoint {

	private static final double MILLIS_PER_YEAR = Duration.ofDays(365).toMillis() + Duration.ofHours(6).toMillis();

	/** 2^53: JavaScript numbers hold every integer below it exactly. */
	private static final long JAVASCRIPT_SAFE_LIMIT = 1L << 53;

	private final IdServiceInfo info;

	private final @Nullable IdGenerators generators;

	private final Map<String, Integer> regions;

	/**
	 * Creates the endpoint.
	 * @param info what the id service of the running mode tells about itself, its layout included
	 */
	public IdgenEndpoint(IdServiceInfo info) {
		this(info, null);
	}

	/**
	 * Creates the endpoint, showing the named generators too.
	 * @param info what the id service of the running mode tells about itself, its layout included
	 * @param generators the named generators, or null for none
	 */
	public IdgenEndpoint(IdServiceInfo info, @Nullable IdGenerators generators) {
		this(info, generators, Map.of());
	}

	/**
	 * Creates the endpoint, showing the named generators and the region of each datacenter id.
	 * @param info what the id service of the running mode tells about itself, its layout included
	 * @param generators the named generators, or null for none
	 * @param regions the datacenter ids by region name ({@code xxx.common.regions})
	 */
	public IdgenEndpoint(IdServiceInfo info, @Nullable IdGenerators generators, Map<String, Integer> regions) {
		this.info = info;
		this.generators = generators;
		this.regions = Map.copyOf(regions);
	}

	/** The region whose datacenter id this is, null for none: an id of another region decodes to it. */
	private @Nullable String region(int datacenterId) {
		return this.regions.entrySet()
			.stream()
			.filter((region) -> region.getValue() == datacenterId)
			.map(Map.Entry::getKey)
			.findFirst()
			.orElse(null);
	}

	@ReadOperation
	public IdgenDescriptor idgen() {
		LeaseInfo lease = this.info.lease();
		String whyNot = this.info.whyNotIssuing();
		long now = System.currentTimeMillis();
		SnowflakeLayout layout = this.info.layout();
		return new IdgenDescriptor(this.info.mode(), this.info.workerId(), this.info.datacenterId(),
				region(this.info.datacenterId()), LayoutDescriptor.of(layout, Instant.ofEpochMilli(now)),
				(lease != null) ? LeaseDescriptor.of(lease, this.info, layout, now) : null,
				(lease != null) ? FencingDescriptor.of(lease, whyNot) : null,
				CountersDescriptor.of(this.info.counters()), generators(Instant.ofEpochMilli(now)));
	}

	private Map<String, GeneratorDescriptor> generators(Instant now) {
		Map<String, GeneratorDescriptor> generators = new LinkedHashMap<>();
		if (this.generators != null) {
			for (String name : this.generators.names()) {
				SnowflakeLayout layout = this.generators.layout(name);
				Long issued = (this.generators.get(name) instanceof GeneratorStatistics statistics)
						? statistics.issuedIds() : null;
				generators.put(name, new GeneratorDescriptor(LayoutDescriptor.of(layout, now), layout.shardBits(),
						1 << layout.shardBits(), issued));
			}
		}
		return generators;
	}

	@ReadOperation
	public WebEndpointResponse<OperationResponseBody> decompose(@Selector String id) {
		try {
			SnowflakeId parts = this.info.layout().decompose(Long.parseLong(id));
			return new WebEndpointResponse<>(new IdDescriptor(Long.toString(parts.id()), parts.timestamp().toString(),
					parts.datacenterId(), region(parts.datacenterId()), parts.workerId(), parts.sequence()));
		}
		catch (IllegalArgumentException ex) {
			return new WebEndpointResponse<>(
					new InvalidIdDescriptor("id must be a decimal id of the layout in force, from 0 to "
							+ this.info.layout().maxId() + ", was '" + id + "'"),
					WebEndpointResponse.STATUS_BAD_REQUEST);
		}
	}

	/**
	 * What {@code /actuator/idgen} shows.
	 *
	 * @param mode the mode, such as {@code fixed} or {@code cluster}
	 * @param workerId the worker id in use
	 * @param datacenterId the datacenter id in use
	 * @param region the region of that datacenter id ({@code xxx.common.regions}); left out without one
	 * @param layout the id layout
	 * @param lease the lease, in a mode with one
	 * @param fencing whether ids are issued under the lease, in a mode with one
	 * @param counters the generator's totals
	 * @param generators the named generators ({@code xxx.common.generators.<name>.*}) by name; left out
	 * when there are none
	 */
	public record IdgenDescriptor(String mode, int workerId, int datacenterId,
			@JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String region, LayoutDescriptor layout,
			@Nullable LeaseDescriptor lease, @Nullable FencingDescriptor fencing, CountersDescriptor counters,
			@JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, GeneratorDescriptor> generators)
			implements OperationResponseBody {

	}

	/**
	 * A named generator: its layout and how many shards its ids carry.
	 *
	 * @param layout its layout; {@code idsPerTimeUnit} is the capacity its shard bits leave
	 * @param shardBits the bits of the shard, the lowest of its ids; 0 for ids without a shard
	 * @param shards how many shards its ids can carry, 2^shardBits
	 * @param issuedIds ids it made; left out for a generator that keeps no count
	 */
	public record GeneratorDescriptor(LayoutDescriptor layout, int shardBits, int shards,
			@JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Long issuedIds) {

	}

	/**
	 * The id layout in force.
	 *
	 * @param bits the bit fields, most significant first
	 * @param timeUnit the time unit of the timestamp, such as {@code 1ms} or {@code 1000ms}
	 * @param timestampBits bits of the timestamp
	 * @param datacenterBits bits of the datacenter id
	 * @param workerBits bits of the worker id
	 * @param sequenceBits bits of the sequence
	 * @param epoch the instant of timestamp 0
	 * @param lastTimestamp the last instant ids can carry
	 * @param yearsLeft years until then, one decimal
	 * @param idsPerTimeUnit ids one node can issue per time unit
	 * @param idsPerSecond ids one node can issue per second
	 * @param maxId the largest id of the layout, as a decimal string
	 * @param javascriptSafe whether every id of the layout is below 2^53, which JavaScript reads exactly
	 */
	public record LayoutDescriptor(String bits, String timeUnit, int timestampBits, int datacenterBits, int workerBits,
			int sequenceBits, String epoch, String lastTimestamp, double yearsLeft, long idsPerTimeUnit, long idsPerSecond,
			String maxId, boolean javascriptSafe) {

		static LayoutDescriptor of(SnowflakeLayout layout, Instant now) {
			double years = layout.timeLeft(now).toMillis() / MILLIS_PER_YEAR;
			return new LayoutDescriptor("sign 1 | " + layout.fields(), layout.timeUnitMillis() + "ms", layout.timestampBits(),
					layout.datacenterBits(), layout.workerBits(), layout.sequenceBits(), layout.epoch().toString(),
					layout.lastTimestamp().toString(), Math.floor(years * 10) / 10, layout.idsPerUnit(),
					layout.idsPerSecond(), Long.toString(layout.maxId()), layout.maxId() < JAVASCRIPT_SAFE_LIMIT);
		}

	}

	/**
	 * The worker-id lease.
	 *
	 * @param path where the lease lives
	 * @param workerId the leased worker id
	 * @param datacenterId the leased datacenter id
	 * @param holder this process
	 * @param instanceName the stable instance name, or the process name
	 * @param since when the lease was taken
	 * @param timeLeftMillis how long the lease stays valid without another renewal (two thirds of the
	 * lease timeout after the last one was sent); 0 once fenced or released
	 * @param sessionId the ZooKeeper session that owns the lease node; absent for a database or Redis
	 * lease, which the holder's token proves
	 * @param claimId the id of this claim beside the holder's token (Redis: the record's {@code claim}
	 * field); absent where the session or the token alone names the lease
	 * @param highWaterMark this holder's last written mark, which ids must not pass
	 * @param highWaterMarkAheadMillis how far that mark is ahead of this clock
	 * @param previousHolderMark the previous holder's mark, which ids must come after
	 * @param waitForPreviousHolderMarkMillis how long until this clock is past it and the rest of its
	 * time unit
	 * @param range which ids are leased from
	 * @param reconnects reconnections to the lease backend
	 * @param leasesTaken leases taken, the first included
	 * @param leasesLost leases lost
	 * @param renewals proofs that the lease still holds the id, every third of the lease timeout and
	 * when a fenced lease is confirmed
	 * @param renewalFailures scheduled renewals that proved nothing (store not answering, lease fenced,
	 * or held by another)
	 * @param clockLagBehindLiveHoldersMillis how far this clock was behind live holders' at start-up
	 */
	public record LeaseDescriptor(String path, int workerId, int datacenterId, HolderDescriptor holder,
			String instanceName, String since, long timeLeftMillis, @Nullable String sessionId, @Nullable String claimId,
			String highWaterMark, long highWaterMarkAheadMillis, String previousHolderMark,
			long waitForPreviousHolderMarkMillis, String range, long reconnects, long leasesTaken, long leasesLost,
			long renewals, long renewalFailures, long clockLagBehindLiveHoldersMillis) {

		static LeaseDescriptor of(LeaseInfo lease, IdServiceInfo info, SnowflakeLayout layout, long now) {
			LeaseInfo.Holder holder = lease.holder();
			LeaseInfo.Counters counters = lease.counters();
			return new LeaseDescriptor(lease.path(), info.workerId(), info.datacenterId(),
					new HolderDescriptor(holder.process(), holder.host(), holder.pid(), holder.startedAt().toString(),
							holder.token()),
					holder.instanceName(), lease.since().toString(), lease.timeLeft().toMillis(), lease.sessionId(),
					lease.claimId(),
					Instant.ofEpochMilli(lease.markMillis()).toString(), lease.markMillis() - now,
					Instant.ofEpochMilli(lease.floorMillis()).toString(),
					Math.max(0, layout.nextUnitStartMillis(lease.floorMillis()) - now),
					lease.range(), counters.reconnects(), counters.leasesTaken(), counters.leasesLost(),
					counters.renewals(), counters.renewalFailures(), counters.clockLagMillis());
		}

	}

	/**
	 * The process holding the lease.
	 *
	 * @param process {@code pid@host}
	 * @param host the host name
	 * @param pid the process id
	 * @param startedAt when the process started
	 * @param token what names this holder in the lease node's data (ZooKeeper), the lease row's
	 * {@code holder} column (JDBC) or the lease record's {@code holder} field (Redis)
	 */
	public record HolderDescriptor(String process, String host, long pid, String startedAt, String token) {

	}

	/**
	 * Whether ids are issued under the lease now, and the calls it held back.
	 *
	 * @param issuing whether a call made now gets an id without waiting
	 * @param state the lease's state
	 * @param reason why a call made now would wait or fail; absent while issuing
	 * @param refusedCalls calls that failed because the lease stayed unproven
	 * @param leaseWaits calls that waited for the lease
	 * @param leaseWaitTime total time calls waited, ISO-8601
	 */
	public record FencingDescriptor(boolean issuing, String state, @Nullable String reason, long refusedCalls,
			long leaseWaits, String leaseWaitTime) {

		static FencingDescriptor of(LeaseInfo lease, @Nullable String whyNot) {
			LeaseInfo.Counters counters = lease.counters();
			return new FencingDescriptor(whyNot == null, lease.state(), whyNot, counters.refusedCalls(),
					counters.leaseWaits(), counters.leaseWaitTime().toString());
		}

	}

	/**
	 * The generator's totals.
	 *
	 * @param issuedIds ids made
	 * @param sequenceExhaustedWaits waits for the next time unit after its sequence ran out
	 * @param clockBackwardsWaits clock steps backwards waited out
	 * @param clockBackwardsFailures calls failed on a larger step back
	 */
	public record CountersDescriptor(long issuedIds, long sequenceExhaustedWaits, long clockBackwardsWaits,
			long clockBackwardsFailures) {

		static CountersDescriptor of(GeneratorStatistics statistics) {
			return new CountersDescriptor(statistics.issuedIds(), statistics.sequenceExhaustedWaits(),
					statistics.clockBackwardsWaits(), statistics.clockBackwardsFailures());
		}

	}

	/**
	 * What {@code /actuator/idgen/{id}} shows.
	 *
	 * @param id the id, as a decimal string (JavaScript cannot hold 64-bit numbers)
	 * @param timestamp the start of the time unit it was made in
	 * @param datacenterId its datacenter id
	 * @param region the region of that datacenter id ({@code xxx.common.regions}); left out without one
	 * @param workerId its worker id
	 * @param sequence its sequence number within its time unit
	 */
	public record IdDescriptor(String id, String timestamp, int datacenterId,
			@JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String region, int workerId, long sequence)
			implements OperationResponseBody {

	}

	/**
	 * The answer to an id that is not one.
	 *
	 * @param error what is wrong with it
	 */
	public record InvalidIdDescriptor(String error) implements OperationResponseBody {

	}

}
