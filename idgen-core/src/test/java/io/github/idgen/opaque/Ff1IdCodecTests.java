package io.github.idgen.opaque;

import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;

import io.github.idgen.snowflake.IdServiceTwitter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests that {@link Ff1IdCodec} is a keyed bijection of the positive longs.
 */
class Ff1IdCodecTests {

	private static final byte[] KEY = HexFormat.of().parseHex("2b7e151628aed2a6abf7158809cf4f3c");

	private static final byte[] OTHER_KEY = HexFormat.of().parseHex("2b7e151628aed2a6abf7158809cf4f3d");

	private final Ff1IdCodec codec = Ff1IdCodec.withKey(KEY);

	private static final long[] EDGES = { 1, 2, 3, 127, 128, 129, (1L << 31) - 1, 1L << 31, (1L << 32) + 1,
			(1L << 62) - 1, 1L << 62, Long.MAX_VALUE - 1, Long.MAX_VALUE };

	@Test
	void roundTripsEdgeValues() {
		for (long id : EDGES) {
			long opaqueId = this.codec.encode(id);
			assertThat(opaqueId).as("encode(%d)", id).isPositive();
			assertThat(this.codec.decode(opaqueId)).as("decode(encode(%d))", id).isEqualTo(id);
			assertThat(this.codec.encode(this.codec.decode(id))).as("encode(decode(%d))", id).isEqualTo(id);
		}
	}

	@Test
	void isABijectionOnManyRandomValues() {
		SplittableRandom random = new SplittableRandom(42);
		Set<Long> ids = new HashSet<>();
		Set<Long> opaqueIds = new HashSet<>();
		for (int i = 0; i < 100_000; i++) {
			long id = random.nextLong(1, Long.MAX_VALUE) + 1;
			if (ids.add(id)) {
				long opaqueId = this.codec.encode(id);
				assertThat(opaqueId).isPositive();
				assertThat(opaqueIds.add(opaqueId)).as("opaque id of %d seen before", id).isTrue();
				assertThat(this.codec.decode(opaqueId)).isEqualTo(id);
			}
		}
		assertThat(opaqueIds).hasSameSizeAs(ids).hasSizeGreaterThan(99_990);
	}

	@Test
	void isABijectionOnConsecutiveSnowflakeIds() {
		IdServiceTwitter idService = IdServiceTwitter.builder().workerId(3).datacenterId(1).build();
		long[] ids = idService.nextIds(50_000).stream().mapToLong(Long::longValue).toArray();
		long[] opaqueIds = LongStream.of(ids).map(this.codec::encode).toArray();
		assertThat(LongStream.of(opaqueIds).distinct().count()).isEqualTo(ids.length);
		assertThat(LongStream.of(opaqueIds).min().getAsLong()).isPositive();
		assertThat(LongStream.of(opaqueIds).map(this.codec::decode).toArray()).containsExactly(ids);
	}

	@Test
	void opaqueFormsOfConsecutiveIdsAreNotOrdered() {
		long first = 1_234_567_890_123_456_789L;
		int increases = 0;
		long previous = this.codec.encode(first);
		for (long id = first + 1; id <= first + 10_000; id++) {
			long opaqueId = this.codec.encode(id);
			if (opaqueId > previous) {
				increases++;
			}
			previous = opaqueId;
		}
		// a random permutation increases about half the time; an order-preserving map always would
		assertThat(increases).isBetween(4_500, 5_500);
	}

	@Test
	void valueThatThePermutationMapsToZeroIsEncodedOnceMoreAndDecodesBack() {
		// the single positive id that plain FF1 maps to 0, which is not a valid id
		long id = this.codec.unpermute(0);
		assertThat(id).isPositive();
		long opaqueId = this.codec.encode(id);
		assertThat(opaqueId).isEqualTo(this.codec.permute(0)).isPositive();
		assertThat(this.codec.decode(opaqueId)).isEqualTo(id);
	}

	@Test
	void differentKeysGiveDifferentOpaqueIds() {
		Ff1IdCodec other = Ff1IdCodec.withKey(OTHER_KEY);
		int same = 0;
		for (long id = 1; id <= 1000; id++) {
			if (this.codec.encode(id) == other.encode(id)) {
				same++;
			}
		}
		assertThat(same).isZero();
	}

	@Test
	void opaqueFormsAreStableAcrossVersions() {
		// stored and published opaque ids must decode after an upgrade: these pin the format
		assertThat(this.codec.encode(Long.MAX_VALUE)).isEqualTo(1740684492399335099L);
		assertThat(this.codec.encode(1)).isEqualTo(1788271329102331584L);
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, 8, 15, 17, 31, 33, 64 })
	void rejectsKeysThatAreNoAesKey(int length) {
		assertThatIllegalArgumentException().isThrownBy(() -> Ff1IdCodec.withKey(new byte[length]))
			.withMessage("key must be 16, 24 or 32 bytes (AES-128, AES-192 or AES-256), was " + length + " bytes");
	}

	@ParameterizedTest
	@ValueSource(ints = { 16, 24, 32 })
	void acceptsAes128And192And256Keys(int length) {
		Ff1IdCodec codec = Ff1IdCodec.withKey(new byte[length]);
		assertThat(codec.decode(codec.encode(42))).isEqualTo(42);
		assertThat(codec).hasToString("Ff1IdCodec[AES-" + (length * 8) + ", radix 128, 9 digits]");
	}

	@Test
	void failsAtCreationWhenFf1IsDisabledInThisJvm() {
		System.setProperty("org.bouncycastle.fpe.disable_ff1", "true");
		try {
			assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> Ff1IdCodec.withKey(KEY))
				.withMessageContaining("FF1 is disabled in this JVM")
				.withMessageContaining("org.bouncycastle.fpe.disable_ff1");
		}
		finally {
			System.clearProperty("org.bouncycastle.fpe.disable_ff1");
		}
	}

	@Test
	void copiesTheKey() {
		byte[] key = KEY.clone();
		Ff1IdCodec codec = Ff1IdCodec.withKey(key);
		long before = codec.encode(7);
		key[0] ^= 1;
		assertThat(codec.encode(7)).isEqualTo(before);
	}

	@ParameterizedTest
	@ValueSource(longs = { 0, -1, Long.MIN_VALUE })
	void rejectsValuesThatAreNotPositive(long value) {
		assertThatIllegalArgumentException().isThrownBy(() -> this.codec.encode(value))
			.withMessage("id must be positive, was " + value);
		assertThatIllegalArgumentException().isThrownBy(() -> this.codec.decode(value))
			.withMessage("opaqueId must be positive, was " + value);
	}

	@Test
	void givesEveryThreadTheSameAnswers() throws Exception {
		long[] expected = LongStream.rangeClosed(1, 2_000).map(this.codec::encode).toArray();
		Set<String> failures = ConcurrentHashMap.newKeySet();
		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			Future<?>[] futures = new Future<?>[8];
			for (int t = 0; t < futures.length; t++) {
				futures[t] = pool.submit(() -> {
					for (int i = 0; i < expected.length; i++) {
						long opaqueId = this.codec.encode(i + 1);
						if (opaqueId != expected[i] || this.codec.decode(opaqueId) != i + 1) {
							failures.add("id " + (i + 1));
						}
					}
				});
			}
			for (Future<?> future : futures) {
				future.get();
			}
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(failures).isEmpty();
	}

}
