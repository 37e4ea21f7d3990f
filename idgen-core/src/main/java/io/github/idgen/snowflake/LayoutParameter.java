package io.github.idgen.snowflake;

/**
 * The parameters of a {@link SnowflakeLayout}, so that an {@link InvalidLayoutException} can say
 * which one is wrong and a configuration layer can map it to the setting the user wrote.
 */
public enum LayoutParameter {

	/** The time unit of the timestamp, {@link SnowflakeLayoutBuilder#timeUnit}. */
	TIME_UNIT("timeUnit"),

	/** The bits of the timestamp, {@link SnowflakeLayoutBuilder#timestampBits}. */
	TIMESTAMP_BITS("timestampBits"),

	/** The bits of the datacenter id, {@link SnowflakeLayoutBuilder#datacenterBits}. */
	DATACENTER_BITS("datacenterBits"),

	/** The bits of the worker id, {@link SnowflakeLayoutBuilder#workerBits}. */
	WORKER_BITS("workerBits"),

	/** The bits of the sequence, {@link SnowflakeLayoutBuilder#sequenceBits}. */
	SEQUENCE_BITS("sequenceBits"),

	/** The bits of the shard, {@link SnowflakeLayoutBuilder#shardBits}. */
	SHARD_BITS("shardBits"),

	/** The instant that timestamp 0 stands for, {@link SnowflakeLayoutBuilder#epoch}. */
	EPOCH("epoch");

	private final String builderName;

	LayoutParameter(String builderName) {
		this.builderName = builderName;
	}

	/**
	 * Returns the name of the parameter as the layout's builder spells it.
	 * @return for example {@code timestampBits}
	 */
	public String builderName() {
		return this.builderName;
	}

}
