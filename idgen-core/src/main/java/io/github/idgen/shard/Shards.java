package io.github.idgen.shard;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The shard of a key, computed as every caller must compute it for ids and rows to meet: a number
 * key modulo {@code 2^shardBits}, so that {@code user_id mod n} and {@code order_id mod n} agree; a
 * text key by the CRC-32 (IEEE 802.3) of its UTF-8 bytes modulo {@code 2^shardBits}, the value
 * Python's {@code zlib.crc32} and Node's {@code zlib.crc32} give.
 */
public final class Shards {

	/** The most shard bits an id may carry: 1024 shards. */
	public static final int MAX_SHARD_BITS = 10;

	private Shards() {
	}

	/**
	 * Returns the shard of a number key, such as a numeric user id.
	 * @param key the key, negative too
	 * @param shardBits 1 to {@link #MAX_SHARD_BITS}
	 * @return {@code floorMod(key, 2^shardBits)}
	 */
	public static int ofNumber(long key, int shardBits) {
		return (int) Math.floorMod(key, 1L << checkShardBits(shardBits));
	}

	/**
	 * Returns the shard of a text key.
	 * @param key the key
	 * @param shardBits 1 to {@link #MAX_SHARD_BITS}
	 * @return the CRC-32 of the key's UTF-8 bytes, modulo {@code 2^shardBits}
	 */
	public static int ofKey(String key, int shardBits) {
		return (int) (crc32(key) & ((1L << checkShardBits(shardBits)) - 1));
	}

	/**
	 * Returns the CRC-32 of a text's UTF-8 bytes.
	 * @param text the text
	 * @return 0 to 2^32 - 1, as {@code zlib.crc32(text.encode("utf-8"))} in Python
	 */
	public static long crc32(String text) {
		CRC32 crc = new CRC32();
		crc.update(text.getBytes(StandardCharsets.UTF_8));
		return crc.getValue();
	}

	/**
	 * Checks a shard against the bits that carry it.
	 * @param shard the shard
	 * @param shardBits the bits, 1 to {@link #MAX_SHARD_BITS}
	 * @return the shard
	 * @throws IllegalArgumentException naming {@code shard} and its range if it is out of range
	 */
	public static int checkShard(int shard, int shardBits) {
		long shards = 1L << checkShardBits(shardBits);
		if (shard < 0 || shard >= shards) {
			throw new IllegalArgumentException(
					"shard must be from 0 to " + (shards - 1) + " (" + shardBits + " shard bits), was " + shard);
		}
		return shard;
	}

	private static int checkShardBits(int shardBits) {
		if (shardBits < 1 || shardBits > MAX_SHARD_BITS) {
			throw new IllegalArgumentException(
					"shardBits must be from 1 to " + MAX_SHARD_BITS + ", was " + shardBits);
		}
		return shardBits;
	}

}
