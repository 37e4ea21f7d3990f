package io.github.idgen.opaque;

import java.util.Objects;

import org.bouncycastle.crypto.fpe.FPEEngine;
import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.bouncycastle.crypto.params.FPEParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * {@link IdCodec} by FF1 format-preserving encryption (NIST SP 800-38G) with AES, from Bouncy
 * Castle. FF1 is a keyed pseudorandom permutation of a set of digit strings; here of the 9-digit
 * strings in radix 128, which are exactly the 2^63 non-negative {@code long}s (9 × 7 bits). Without
 * the key an opaque id reveals nothing of the id (its time, node or sequence) and the next one
 * cannot be predicted, to the strength of AES and FF1 on a domain this large.
 * <p>
 * The permutation maps exactly one value to 0; ids are positive, so that value is encrypted once
 * more (cycle walking), and decoding does the reverse: the codec is a bijection of
 * 1..{@link Long#MAX_VALUE}. An opaque id is not authenticated: any positive value decodes.
 * <p>
 * Thread-safe: each thread gets its own pair of initialised engines, so a call allocates nothing
 * of its own (Bouncy Castle's FF1 allocates a few small arrays per call).
 */
public final class Ff1IdCodec implements IdCodec {

	/** Radix of the FF1 digits: 7 bits a digit. */
	static final int RADIX = 128;

	/** Number of FF1 digits: 9 × 7 = 63 bits, the non-negative longs. */
	static final int DIGITS = 9;

	private static final int DIGIT_BITS = 7;

	private static final byte[] NO_TWEAK = new byte[0];

	private final FPEParameters parameters;

	private final ThreadLocal<Engines> engines;

	private Ff1IdCodec(byte[] key) {
		this.parameters = new FPEParameters(new KeyParameter(key), RADIX, NO_TWEAK);
		this.engines = ThreadLocal.withInitial(() -> new Engines(this.parameters));
		try {
			// fail now, not on the first id, if this JVM has FF1 switched off
			this.engines.get();
		}
		catch (UnsupportedOperationException ex) {
			throw new UnsupportedOperationException("Bouncy Castle's FF1 is disabled in this JVM (system property"
					+ " org.bouncycastle.fpe.disable or org.bouncycastle.fpe.disable_ff1 is true)", ex);
		}
	}

	/**
	 * Returns a codec with the given AES key.
	 * @param key 16, 24 or 32 bytes (AES-128, AES-192 or AES-256); copied
	 * @return the codec
	 * @throws IllegalArgumentException if the key has another length
	 * @throws UnsupportedOperationException if Bouncy Castle's FF1 is disabled in this JVM
	 */
	public static Ff1IdCodec withKey(byte[] key) {
		Objects.requireNonNull(key, "key must not be null");
		if (key.length != 16 && key.length != 24 && key.length != 32) {
			throw new IllegalArgumentException(
					"key must be 16, 24 or 32 bytes (AES-128, AES-192 or AES-256), was " + key.length + " bytes");
		}
		return new Ff1IdCodec(key.clone());
	}

	@Override
	public long encode(long id) {
		requirePositive(id, "id");
		Engines engines = this.engines.get();
		long opaqueId = engines.encrypt(id);
		return (opaqueId != 0) ? opaqueId : engines.encrypt(0);
	}

	@Override
	public long decode(long opaqueId) {
		requirePositive(opaqueId, "opaqueId");
		Engines engines = this.engines.get();
		long id = engines.decrypt(opaqueId);
		return (id != 0) ? id : engines.decrypt(0);
	}

	/**
	 * The plain FF1 permutation of 0..{@link Long#MAX_VALUE}, without cycle walking.
	 * @param value a non-negative value
	 * @return its image
	 */
	long permute(long value) {
		return this.engines.get().encrypt(value);
	}

	/**
	 * The inverse of {@link #permute(long)}.
	 * @param value a non-negative value
	 * @return its preimage
	 */
	long unpermute(long value) {
		return this.engines.get().decrypt(value);
	}

	private static void requirePositive(long value, String name) {
		if (value <= 0) {
			throw new IllegalArgumentException(name + " must be positive, was " + value);
		}
	}

	@Override
	public String toString() {
		// never the key
		return "Ff1IdCodec[AES-" + (this.parameters.getKey().getKeyLength() * 8) + ", radix " + RADIX + ", " + DIGITS
				+ " digits]";
	}

	/**
	 * One thread's engines and digit buffers: Bouncy Castle's engines are not thread-safe.
	 */
	private static final class Engines {

		private final FPEEngine encryptor = new FPEFF1Engine();

		private final FPEEngine decryptor = new FPEFF1Engine();

		private final byte[] in = new byte[DIGITS];

		private final byte[] out = new byte[DIGITS];

		Engines(FPEParameters parameters) {
			this.encryptor.init(true, parameters);
			this.decryptor.init(false, parameters);
		}

		long encrypt(long value) {
			return apply(this.encryptor, value);
		}

		long decrypt(long value) {
			return apply(this.decryptor, value);
		}

		private long apply(FPEEngine engine, long value) {
			// most significant digit first, as FF1's NUM_radix reads them
			long rest = value;
			for (int i = DIGITS - 1; i >= 0; i--) {
				this.in[i] = (byte) (rest & (RADIX - 1));
				rest >>>= DIGIT_BITS;
			}
			engine.processBlock(this.in, 0, DIGITS, this.out, 0);
			long result = 0;
			for (int i = 0; i < DIGITS; i++) {
				result = (result << DIGIT_BITS) | this.out[i];
			}
			return result;
		}

	}

}
