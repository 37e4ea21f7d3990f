package io.github.idgen.server;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The server's own settings, under {@code idgen.server}; the ids themselves are configured with the
 * starter's {@code xxx.common.*} keys. A key under {@code idgen.server} that names none of them (a
 * misspelt {@code idgen.server.consle.enabled}) stops the start instead of being ignored.
 */
@ConfigurationProperties(prefix = "idgen.server", ignoreUnknownFields = false)
public class IdgenServerProperties {

	/**
	 * Bearer tokens that may call the server. Required unless the server runs as the demo (nothing
	 * but embedded defaults configured).
	 */
	private List<Token> tokens = new ArrayList<>();

	/**
	 * How the range endpoint (POST /v1/segments/{tag}/ranges) reaches the segment store.
	 */
	private final Ranges ranges = new Ranges();

	/**
	 * The servlet that serves the id endpoints (Leaf's two, /v1/ids/next,
	 * /v1/generators/{name}/next, /v1/segments/{tag}/next) ahead of Spring MVC.
	 */
	private final IdServlet idServlet = new IdServlet();

	/**
	 * The console, a page at /console/ that shows the server's figures to a token allowed to manage.
	 */
	private final Console console = new Console();

	/**
	 * The OpenAPI document of /v1.
	 */
	private final ApiDocs apiDocs = new ApiDocs();

	public List<Token> getTokens() {
		return this.tokens;
	}

	public void setTokens(List<Token> tokens) {
		this.tokens = tokens;
	}

	public Ranges getRanges() {
		return this.ranges;
	}

	public IdServlet getIdServlet() {
		return this.idServlet;
	}

	public Console getConsole() {
		return this.console;
	}

	public ApiDocs getApiDocs() {
		return this.apiDocs;
	}

	/**
	 * The id endpoints' own servlet.
	 */
	public static class IdServlet {

		/**
		 * Whether the id endpoints are served by a servlet of their own, which skips Spring MVC's
		 * dispatch, with the same answers, tokens and metrics. Off, Spring MVC serves them.
		 */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * The OpenAPI document of /v1 at /v3/api-docs.
	 */
	public static class ApiDocs {

		/**
		 * Whether /v3/api-docs serves the OpenAPI 3.1 document of /v1 (open without a token). Off, it is
		 * answered as any unknown path.
		 */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * The console's page at /console/.
	 */
	public static class Console {

		/**
		 * Whether /console/ serves the console's page (its files hold no data; the figures need a token
		 * with manage=true and no tags). Off, /console/ is answered as any unknown path.
		 */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * Bounds of the range endpoint's calls at the segment store, per tag: one tag whose row is locked
	 * elsewhere holds no more pooled connections and worker threads than these.
	 */
	public static class Ranges {

		/**
		 * How many range requests of one tag may be at the segment store at once. At least 1.
		 */
		private int callsPerTag = 2;

		/**
		 * How many more range requests of one tag may wait in memory for their turn, each for
		 * xxx.common.segment-wait-timeout at most; any further one is answered 503 with Retry-After at once.
		 */
		private int waitingPerTag = 16;

		public int getCallsPerTag() {
			return this.callsPerTag;
		}

		public void setCallsPerTag(int callsPerTag) {
			this.callsPerTag = callsPerTag;
		}

		public int getWaitingPerTag() {
			return this.waitingPerTag;
		}

		public void setWaitingPerTag(int waitingPerTag) {
			this.waitingPerTag = waitingPerTag;
		}

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
		 * Whether the token may create segment tags (PUT /v1/segments/{tag}; those of its tags only, if
		 * it has tags) and, if it has no tags, read the Actuator endpoints beyond the health status and
		 * the probes (health details, metrics, idgen's endpoints, the console's figures), which show
		 * every tag: a token with tags gets 403 there.
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
