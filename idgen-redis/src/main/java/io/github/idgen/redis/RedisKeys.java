package io.github.idgen.redis;

/**
 * The checks of the names that go into idgen's keys: {@code <prefix>:lease:<group>:<nodeId>} and
 * {@code <prefix>:segment:<tag>}.
 */
final class RedisKeys {

	private RedisKeys() {
	}

	/**
	 * Checks a name that becomes part of a key.
	 * @param what what it is, for the message, such as {@code "lease group"}
	 * @param name 1 to 128 characters, none of them white space or a control character
	 * @return the name
	 */
	static String requireName(String what, String name) {
		if (name == null || name.isEmpty() || name.length() > 128 || name.chars().anyMatch(RedisKeys::isBlankOrControl)) {
			throw new IllegalArgumentException("The " + what + " must be 1 to 128 characters without spaces or control"
					+ " characters, was '" + name + "'");
		}
		return name;
	}

	static String requirePrefix(String prefix) {
		if (prefix == null || prefix.isEmpty() || prefix.length() > 64 || prefix.chars().anyMatch(RedisKeys::isBlankOrControl)) {
			throw new IllegalArgumentException("The key prefix must be 1 to 64 characters without spaces or control"
					+ " characters, such as 'idgen', was '" + prefix + "'");
		}
		return prefix;
	}

	private static boolean isBlankOrControl(int c) {
		return Character.isWhitespace(c) || Character.isISOControl(c);
	}

}
