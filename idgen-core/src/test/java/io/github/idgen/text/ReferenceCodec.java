package io.github.idgen.text;

import java.math.BigInteger;

/**
 * Positional notation done the slow, obvious way with {@link BigInteger}, to check the codec against
 * and to write texts the codec must refuse (values above {@link Long#MAX_VALUE}).
 */
final class ReferenceCodec {

	private ReferenceCodec() {
	}

	static String digits(BigInteger value, IdTextFormat format) {
		BigInteger radix = BigInteger.valueOf(format.radix());
		StringBuilder digits = new StringBuilder();
		BigInteger rest = value;
		for (int i = 0; i < format.width(); i++) {
			BigInteger[] division = rest.divideAndRemainder(radix);
			digits.append(format.alphabet().charAt(division[1].intValueExact()));
			rest = division[0];
		}
		if (rest.signum() != 0) {
			throw new IllegalArgumentException(value + " has more than " + format.width() + " digits");
		}
		return digits.reverse().toString();
	}

	static String digits(long value, IdTextFormat format) {
		return digits(BigInteger.valueOf(value), format);
	}

	/** The largest value that {@link IdTextFormat#width()} digits hold: radix^width - 1. */
	static BigInteger largestText(IdTextFormat format) {
		return BigInteger.valueOf(format.radix()).pow(format.width()).subtract(BigInteger.ONE);
	}

}
