package io.github.idgen.server.security;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.github.idgen.server.IdgenServerProperties;
import io.github.idgen.server.ServerConfigurationException;
import org.jspecify.annotations.Nullable;

import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.AuthorityUtils;

/**
 * The tokens of {@code idgen.server.tokens}, kept as SHA-256 hashes only. A presented token is
 * hashed and its hash looked up: one lookup, however many tokens there are. The lookup's time can
 * tell an attacker only how close the hash of a guess came to a configured hash, which says nothing
 * about how close the guess came to a token (that would take finding SHA-256 preimages).
 */
public final class ConfiguredTokens {

	private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-fA-F]{64}");

	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._:@-]{1,64}");

	/** Cloned per hash: cheaper than looking the algorithm up among the providers every time. */
	private static final MessageDigest SHA256 = sha256Digest();

	private final List<Caller> callers;

	/** The callers by the hash of their token. */
	private final Map<ByteBuffer, Caller> byHash;

	private ConfiguredTokens(List<Caller> callers) {
		this.callers = callers;
		Map<ByteBuffer, Caller> byHash = new HashMap<>();
		for (Caller caller : callers) {
			byHash.put(ByteBuffer.wrap(caller.hash), caller);
		}
		this.byHash = Map.copyOf(byHash);
	}

	/**
	 * Checks and hashes the configured tokens.
	 * @param tokens the configuration
	 * @return the tokens
	 * @throws ServerConfigurationException naming the property of the first bad entry (never its value)
	 */
	public static ConfiguredTokens of(List<IdgenServerProperties.Token> tokens) {
		List<Caller> callers = new ArrayList<>();
		Set<String> names = new HashSet<>();
		Set<String> hashes = new HashSet<>();
		for (int i = 0; i < tokens.size(); i++) {
			IdgenServerProperties.Token token = tokens.get(i);
			String key = "idgen.server.tokens[" + i + "]";
			String name = token.getName();
			if (name == null || !NAME.matcher(name).matches()) {
				throw new ServerConfigurationException(key + ".name is missing or not a plain name",
						"Name each token after its caller: 1 to 64 letters, digits and ._:@-, such as 'orders-service'.");
			}
			if (!names.add(name)) {
				throw new ServerConfigurationException(key + ".name '" + name + "' names another token too",
						"Give every token its own name, so that logs and metrics tell callers apart.");
			}
			byte[] hash = hash(token, key);
			if (!hashes.add(HexFormat.of().formatHex(hash))) {
				throw new ServerConfigurationException(key + " (" + name + ") has the same token as another entry",
						"Give every caller its own token.");
			}
			callers.add(new Caller(name, hash, Set.copyOf(token.getTags()), token.isManage()));
		}
		return new ConfiguredTokens(List.copyOf(callers));
	}

	private static byte[] hash(IdgenServerProperties.Token token, String key) {
		String plain = token.getToken();
		String sha256 = token.getSha256();
		if ((plain == null) == (sha256 == null)) {
			throw new ServerConfigurationException(key + " has " + ((plain == null) ? "neither" : "both") + " of "
					+ key + ".token and " + key + ".sha256",
					"Set exactly one: " + key + ".sha256 (preferred, the SHA-256 of the token in hex:"
							+ " echo -n \"$TOKEN\" | sha256sum) or " + key + ".token.");
		}
		if (plain != null) {
			if (plain.length() < 16 || !plain.chars().allMatch((c) -> c > ' ' && c < 127)) {
				throw new ServerConfigurationException(key + ".token is shorter than 16 characters or not printable ASCII",
						"Use a long random token, such as the output of: openssl rand -hex 32 (hex digits need no"
								+ " encoding in a URL, where base64's '+' and '/' do)");
			}
			return sha256(plain);
		}
		if (!SHA256_HEX.matcher(sha256).matches()) {
			throw new ServerConfigurationException(key + ".sha256 is not 64 hex digits",
					"Set it to the SHA-256 of the token in hex: echo -n \"$TOKEN\" | sha256sum");
		}
		return HexFormat.of().parseHex(sha256);
	}

	/**
	 * Returns whether no token is configured.
	 * @return true if there is none
	 */
	public boolean isEmpty() {
		return this.callers.isEmpty();
	}

	/**
	 * Returns how many tokens there are.
	 * @return the number of tokens
	 */
	public int size() {
		return this.callers.size();
	}

	/**
	 * Finds the caller whose token this is.
	 * @param presented the token a request carried
	 * @return the caller, or null if no configured token matches
	 */
	public @Nullable Caller find(String presented) {
		return this.byHash.get(ByteBuffer.wrap(sha256(presented)));
	}

	static byte[] sha256(String token) {
		try {
			return ((MessageDigest) SHA256.clone()).digest(token.getBytes(StandardCharsets.UTF_8));
		}
		catch (CloneNotSupportedException ex) {
			throw new IllegalStateException("The JDK's SHA-256 can be cloned", ex);
		}
	}

	private static MessageDigest sha256Digest() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every Java runtime has SHA-256", ex);
		}
	}

	/**
	 * A configured caller.
	 *
	 * @param name the token's name
	 * @param hash SHA-256 of its token
	 * @param tags the tags it may use; empty for all
	 * @param manage whether it may create tags (of its tags only, if it has tags) and, without tags, read
	 * the Actuator endpoints
	 */
	public record Caller(String name, byte[] hash, Set<String> tags, boolean manage) {

		/** Role of a token that may read the Actuator endpoints ({@code management.endpoint.health.roles}). */
		public static final String MANAGE = "MANAGE";

		private static final List<GrantedAuthority> CALLER_AUTHORITIES = AuthorityUtils.createAuthorityList("ROLE_CALLER");

		private static final List<GrantedAuthority> MANAGER_AUTHORITIES = AuthorityUtils.createAuthorityList("ROLE_CALLER",
				"ROLE_" + MANAGE);

		/**
		 * Returns the caller's authorities, made once.
		 * @return the caller role, and the {@value #MANAGE} role if it may manage every tag
		 */
		public List<GrantedAuthority> authorities() {
			return managesEveryTag() ? MANAGER_AUTHORITIES : CALLER_AUTHORITIES;
		}

		/**
		 * Returns whether this caller may read what shows every tag (Actuator, health's details): a token
		 * allowed to manage and not limited to tags.
		 * @return whether it has manage and no tags
		 */
		public boolean managesEveryTag() {
			return this.manage && this.tags.isEmpty();
		}

		/**
		 * Returns whether this caller may use a tag (or a business number's name).
		 * @param tag the tag
		 * @return true if the caller has no tag list or the tag is on it
		 */
		public boolean mayUse(String tag) {
			return this.tags.isEmpty() || this.tags.contains(tag);
		}

		@Override
		public String toString() {
			return "Caller[" + this.name + "]";
		}

	}

}
