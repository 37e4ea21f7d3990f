package io.github.idgen.autoconfigure;

import io.github.idgen.snowflake.LibraryLayouts;
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
	 * {@link LibraryLayouts#LEAF}: Leaf's Snowflake ids, Twitter's epoch, 41 timestamp bits, one 10-bit
	 * worker id (no datacenter id), 12 sequence bits; with {@code lease-range: worker-id} the instances
	 * lease worker ids 0..1023 as Leaf's servers hold them.
	 */
	LEAF(LibraryLayouts.LEAF),

	/**
	 * {@link LibraryLayouts#MYBATIS_PLUS}: MyBatis-Plus' {@code ASSIGN_ID} and Hutool's default
	 * Snowflake, the same fields and epoch as {@link #TWITTER}.
	 */
	MYBATIS_PLUS(LibraryLayouts.MYBATIS_PLUS),

	/**
	 * {@link LibraryLayouts#UID_GENERATOR}: Baidu uid-generator's default, whose timestamps ran out on
	 * 2024-11-20; refused, with the fix, since it can issue no id (its ids decode in Java with that
	 * constant).
	 */
	UID_GENERATOR(LibraryLayouts.UID_GENERATOR),

	/**
	 * {@link LibraryLayouts#YITTER}: Yitter IdGenerator's default, 1 ms from 2020-02-19T18:20:02Z, 6
	 * worker bits (64 nodes), 6 sequence bits (64,000 ids per second per node).
	 */
	YITTER(LibraryLayouts.YITTER),

	/**
	 * {@link LibraryLayouts#SONYFLAKE}: Sonyflake's default, 10 ms from 2014-09-01, 39 timestamp bits,
	 * 8 sequence bits above a 16-bit machine id (the worker id): 65,536 nodes, 25,600 ids per second each.
	 */
	SONYFLAKE(LibraryLayouts.SONYFLAKE),

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
