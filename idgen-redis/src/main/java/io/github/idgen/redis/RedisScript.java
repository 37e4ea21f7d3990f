package io.github.idgen.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One of idgen's Lua scripts ({@code io/github/idgen/redis/*.lua} on the class path), with the shared
 * prelude and any helpers put in front, and its SHA-1 for {@code EVALSHA}.
 *
 * @param name the file name without {@code .lua}, for messages
 * @param body the whole script as sent
 * @param sha1 its SHA-1 in hex, as {@code SCRIPT LOAD} would answer
 */
record RedisScript(String name, String body, String sha1) {

	private static final String LOCATION = "io/github/idgen/redis/";

	/**
	 * Loads a script with the prelude and the given helper files in front.
	 * @param name the script's file name without {@code .lua}
	 * @param helpers helper file names without {@code .lua}, in order
	 * @return the script
	 */
	static RedisScript load(String name, String... helpers) {
		StringBuilder body = new StringBuilder(read("prelude"));
		for (String helper : helpers) {
			body.append('\n').append(read(helper));
		}
		body.append('\n').append(read(name));
		String text = body.toString();
		return new RedisScript(name, text, sha1(text));
	}

	private static String read(String name) {
		String path = LOCATION + name + ".lua";
		try (InputStream in = RedisScript.class.getClassLoader().getResourceAsStream(path)) {
			if (in == null) {
				throw new IllegalStateException("classpath:" + path + " is missing from idgen's jar");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String sha1(String text) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every Java platform has SHA-1", ex);
		}
	}

}
