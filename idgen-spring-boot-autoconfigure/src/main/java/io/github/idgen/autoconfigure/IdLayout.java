package io.github.idgen.autoconfigure;

import io.github.idgen.snowflake.SnowflakeLayout;

/**
 * The layouts {@code xxx.common.id-layout} and {@code xxx.common.generators.<name>.layout} name.
 */
public enum IdLayout {

	/**
	 * {@link SnowflakeLayout#TWITTER}: 1 ms, 41 timestamp bits (69.7 years), 5 datacenter and 5 worker
	 * bits (1024 nodes), 12 sequence bits (4,096,000 ids per second per node), Twitter's epoch.
	 */
	TWITTER(SnowflakeLayout.TWITTER),

	/**
	 * {@link SnowflakeLayout#JAVASCRIPT_SAFE}: 1 s, 31 timestamp bits (68 years), 5 datacenter and 5
	 * worker bits (1024 nodes), 12 sequence bits (4096 ids per second per node), epoch 2026-01-01: every
	 * id below 2^53, which JavaScript reads exactly.
	 */
	JAVASCRIPT_SAFE(SnowflakeLayout.JAVASCRIPT_SAFE),

	/**
	 * A layout of the custom keys ({@code time-unit}, {@code timestamp-bits}, {@code datacenter-bits},
	 * {@code worker-bits}, {@code sequence-bits}); each key not set takes {@link #TWITTER}'s value.
	 */
	CUSTOM(SnowflakeLayout.TWITTER);

	private final SnowflakeLayout preset;

	IdLayout(SnowflakeLayout preset) {
		this.preset = preset;
	}

	/**
	 * Returns the layout, or for {@link #CUSTOM} the one its keys start from.
	 * @return the preset
	 */
	public SnowflakeLayout preset() {
		return this.preset;
	}

}
