package io.github.idgen.server;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The server's own settings, under {@code idgen.server}; the ids themselves are configured with the
 * starter's {@code xxx.common.*} keys.
 */
@ConfigurationProperties("idgen.server")
public class IdgenServerProperties {

	/**
	 * Bearer tokens that may call the server. Required unless the server runs as the demo (nothing
	 * but embedded defaults configured).
	 */
	private List<Token> tokens = new ArrayList<>();

	public List<Token> getTokens() {
		return this.tokens;
	}

	public void setTokens(List<Token> tokens) {
		this.tokens = tokens;
	}

	/**
	 * One caller's token.
	 */
	public static class Token {

		/**
		 * Name of the caller, for logs and metrics; never the token.
		 */
		private @Nullable String name;

		/**
		 * The token itself. Prefer sha256, which keeps the token out of configuration files.
		 */
		private @Nullable String token;

		/**
		 * SHA-256 of the token in hex (echo -n "$TOKEN" | sha256sum).
		 */
		private @Nullable String sha256;

		/**
		 * Segment tags (and business-number names) the token may use; empty for all. Snowflake ids
		 * are open to every token.
		 */
		private List<String> tags = new ArrayList<>();

		/**
		 * Whether the token may read the Actuator endpoints beyond the health status and the probes:
		 * health details, metrics, idgen's endpoints. They show every tag, whatever tags says.
		 */
		private boolean manage;

		public @Nullable String getName() {
			return this.name;
		}

		public void setName(@Nullable String name) {
			this.name = name;
		}

		public @Nullable String getToken() {
			return this.token;
		}

		public void setToken(@Nullable String token) {
			this.token = token;
		}

		public @Nullable String getSha256() {
			return this.sha256;
		}

		public void setSha256(@Nullable String sha256) {
			this.sha256 = sha256;
		}

		public List<String> getTags() {
			return this.tags;
		}

		public void setTags(List<String> tags) {
			this.tags = tags;
		}

		public boolean isManage() {
			return this.manage;
		}

		public void setManage(boolean manage) {
			this.manage = manage;
		}

		/** Never the token nor its hash. */
		@Override
		public String toString() {
			return "Token[name=" + this.name + ", tags=" + this.tags + ", manage=" + this.manage + "]";
		}

	}

}
