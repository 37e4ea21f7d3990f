package io.github.idgen.autoconfigure;

import java.net.InetAddress;
import java.time.Duration;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.NodeIdRange;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.ShardedGenerator;
import io.github.idgen.snowflake.SequenceStart;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.core.env.Environment;

/**
 * What the keys say about the generators, checked against each other: the layouts in force, the
 * worker and datacenter ids they must hold, the lease range, the node ids of named generators. Each
 * class of properties checks its own keys when bound; what depends on keys of several classes (a
 * worker id and the layout in force, say) is checked here, when the generators are made, and refused
 * with an {@link InvalidConfigurationPropertyValueException} that names the key, its value and the fix.
 */
final class GeneratorSettings {

	/** The digits a label ends in: {@code orders-7} gives 7. */
	private static final Pattern ORDINAL = Pattern.compile(".*?([0-9]+)");

	private final CommonProperties common;

	private final IdLayoutProperties layouts;

	/**
	 * Worked out and checked once: a lease mode asks for a builder of the default generator at every
	 * new lease, on the keeper's thread, where a refusal could only stop ids, not the start.
	 */
	private final SnowflakeLayout defaultLayout;

	/**
	 * Reads the keys and works out the default layout.
	 * @throws InvalidConfigurationPropertyValueException if the default layout's keys are refused
	 */
	GeneratorSettings(CommonProperties common, IdLayoutProperties layouts) {
		this.common = common;
		this.layouts = layouts;
		this.defaultLayout = layout(layouts.defaultKeys());
	}

	/**
	 * Returns the layout of the default generator, with its epoch.
	 */
	SnowflakeLayout defaultLayout() {
		return this.defaultLayout;
	}

	/**
	 * Returns a builder of the default generator: its layout, sequence start and tolerance; the caller
	 * sets the ids (and in a lease mode the clock).
	 */
	IdServiceTwitter.Builder defaultGenerator() {
		return IdServiceTwitter.builder()
			.layout(defaultLayout())
			.sequenceStart(this.layouts.getIdSequenceStart())
			.clockBackwardsTolerance(this.common.getIdClockBackwardsTolerance());
	}

	/**
	 * Returns every named generator, by name, in the order configured.
	 */
	Map<String, NamedGenerator> namedGenerators() {
		Map<String, NamedGenerator> generators = new LinkedHashMap<>();
		this.layouts.getGenerators().forEach((name, keys) -> generators.put(name,
				new NamedGenerator(layout(this.layouts.generatorKeys(name, keys)), keys.getSequenceStart(),
						this.common.getIdClockBackwardsTolerance())));
		return generators;
	}

	/**
	 * Returns the node id of fixed mode: the configured (or host name's) worker id and the datacenter
	 * id, each checked against the default layout.
	 * @param environment where the host name comes from ({@code HOSTNAME}) if the worker id does
	 */
	int fixedNodeId(Environment environment) {
		SnowflakeLayout layout = defaultLayout();
		int workerId = this.common.isIdWorkerIdFromHostname() ? workerIdFromHostname(environment, layout)
				: this.common.getIdWorkerId();
		if (workerId > layout.maxWorkerId()) {
			throw new InvalidConfigurationPropertyValueException("xxx.common.id-worker-id", workerId,
					"xxx.common.id-worker-id must be between 0 and " + layout.maxWorkerId() + " (" + layout.workerBits()
							+ " worker bits of the layout in force), was " + workerId + ". Give every instance its own"
							+ " worker id in that range, give the layout more worker bits, or lease the worker ids"
							+ " (xxx.common.zookeeper-enabled, jdbc-enabled or redis-enabled=true).");
		}
		return layout.nodeId(checkedDatacenterId(layout), workerId);
	}

	/**
	 * Returns the node ids a lease mode leases from, checked against the default layout.
	 * @param range the lease range in force
	 */
	NodeIdRange leasedNodeIds(LeaseRange range) {
		SnowflakeLayout layout = defaultLayout();
		if (range == LeaseRange.NODE_ID && this.common.getRegion() != null) {
			throw new InvalidConfigurationPropertyValueException("xxx.common.region", this.common.getRegion(),
					"xxx.common.region is '" + this.common.getRegion() + "', but xxx.common.lease-range=node-id leases"
							+ " node ids of every datacenter: instances of two regions, each leasing from its own store,"
							+ " would share node ids. Lease the 'worker-id' range (the region's datacenter id), or remove"
							+ " xxx.common.region");
		}
		int datacenterId = (range == LeaseRange.WORKER_ID) ? checkedDatacenterId(layout) : 0;
		try {
			return range.nodeIds(layout, datacenterId);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException("xxx.common.lease-range", LayoutKeys.kebab(range.name()),
					"xxx.common.lease-range=" + LayoutKeys.kebab(range.name()) + " leases " + ex.getMessage()
							+ " on the layout in force (" + layout + "). Lease the 'worker-id' range, or give the layout"
							+ " fewer datacenter and worker bits.");
		}
	}

	/**
	 * Checks that a named generator's layout has room for every node id the instance may hold.
	 * @param name the generator's name
	 * @param layout its layout
	 * @param nodeIds the node ids this instance may hold: the leased range, or the fixed node id
	 * @param source what decides them, for the message
	 */
	void checkRoom(String name, SnowflakeLayout layout, NodeIdRange nodeIds, String source) {
		if (nodeIds.last() > layout.maxNodeId()) {
			GeneratorProperties keys = this.layouts.getGenerators().get(name);
			String key = (keys != null && keys.getLayout() == IdLayout.CUSTOM) ? "xxx.common.generators." + name
					+ ".worker-bits" : "xxx.common.generators." + name + ".layout";
			Object value = (keys != null && keys.getLayout() == IdLayout.CUSTOM) ? layout.workerBits()
					: LayoutKeys.kebab((keys != null) ? keys.getLayout().name() : "twitter");
			String nodeId = (nodeIds.size() == 1) ? "is " + nodeIds.first() : "is one of " + nodeIds;
			throw new InvalidConfigurationPropertyValueException(key, value, key + " = " + value + ": generator '" + name
					+ "' has node ids 0.." + layout.maxNodeId() + " (" + layout.datacenterBits() + " datacenter and "
					+ layout.workerBits() + " worker bits), but this instance's node id " + nodeId + " (" + source
					+ "). Give its layout at least " + (32 - Integer.numberOfLeadingZeros(nodeIds.last()))
					+ " datacenter and worker bits together, or use a smaller range of node ids.");
		}
	}

	private int checkedDatacenterId(SnowflakeLayout layout) {
		int datacenterId = this.common.datacenterId();
		if (datacenterId > layout.maxDatacenterId()) {
			String key = this.common.datacenterIdKey();
			throw new InvalidConfigurationPropertyValueException(key, datacenterId,
					key + " must be between 0 and " + layout.maxDatacenterId() + " (" + layout.datacenterBits()
							+ " datacenter bits of the layout in force), was " + datacenterId
							+ ". Choose a datacenter id in that range, or give the layout more datacenter bits.");
		}
		return datacenterId;
	}

	private static int workerIdFromHostname(Environment environment, SnowflakeLayout layout) {
		String hostname = hostname(environment);
		// the first label: a pod's FQDN is orders-7.orders.namespace.svc...
		Matcher ordinal = ORDINAL.matcher((hostname != null) ? hostname.split("\\.", 2)[0] : "");
		String key = "xxx.common.id-worker-id-from-hostname";
		if (hostname == null || !ordinal.matches()) {
			throw new InvalidConfigurationPropertyValueException(key, true, key + "=true takes the worker id from the"
					+ " number the host name ends in, but the host name '" + hostname + "' ends in no number. Run the"
					+ " instances as a StatefulSet (pods 'name-0', 'name-1', ...), or set xxx.common.id-worker-id.");
		}
		String digits = ordinal.group(1);
		if (digits.length() > 9 || Integer.parseInt(digits) > layout.maxWorkerId()) {
			throw new InvalidConfigurationPropertyValueException(key, true, key + "=true takes the worker id from the"
					+ " host name '" + hostname + "', but " + digits + " is above the largest worker id "
					+ layout.maxWorkerId() + " (" + layout.workerBits() + " worker bits of the layout in force). Run at"
					+ " most " + (layout.maxWorkerId() + 1) + " replicas, or give the layout more worker bits.");
		}
		return Integer.parseInt(digits);
	}

	static @Nullable String hostname(Environment environment) {
		String hostname = environment.getProperty("HOSTNAME");
		if (hostname != null && !hostname.isBlank()) {
			return hostname.trim();
		}
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			return null;
		}
	}

	/**
	 * What a named generator's keys say.
	 *
	 * @param layout its layout, with its epoch
	 * @param sequenceStart where the sequence of a new time unit starts
	 * @param clockBackwardsTolerance the tolerance all generators share
	 */
	record NamedGenerator(SnowflakeLayout layout, SequenceStart sequenceStart, Duration clockBackwardsTolerance) {

		/** The layout of the ids the generator issues before a shard is put below them. */
		SnowflakeLayout plainLayout() {
			return ShardedGenerator.plainLayout(this.layout);
		}

		/** The generator itself: the plain one, or with shard bits a {@link ShardedGenerator} over it. */
		IdService generator(String name, IdService plain) {
			return (this.layout.shardBits() > 0) ? new ShardedGenerator(name, plain, this.layout) : plain;
		}

		/**
		 * A builder of the generator, or with shard bits of the plain generator under it (the layout
		 * without them); the caller sets the ids (and in a lease mode the clock).
		 */
		IdServiceTwitter.Builder builder() {
			return IdServiceTwitter.builder()
				.layout(plainLayout())
				.sequenceStart(this.sequenceStart)
				.clockBackwardsTolerance(this.clockBackwardsTolerance);
		}

	}

	private static SnowflakeLayout layout(LayoutKeys keys) {
		try {
			return keys.layout();
		}
		catch (LayoutKeys.Refusal ex) {
			// bound keys were checked, but a clock may have moved past a layout's last timestamp since
			throw new InvalidConfigurationPropertyValueException(ex.key(), ex.value(), ex.getMessage());
		}
	}

}
