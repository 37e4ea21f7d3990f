package io.github.idgen.client;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.segment.SegmentTagExhaustedException;
import io.github.idgen.segment.UnknownSegmentTagException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link SegmentStore} that takes its ranges from idgen-server ({@code POST
 * /v1/segments/{tag}/ranges}), so that {@link SegmentIdServices#forTag(String)} serves ids from
 * memory as it does with a database, without database credentials in the application.
 * <p>
 * Each allocation asks one server; the next allocation asks the next one, so that clients spread
 * their requests over the servers without a load balancer. A server that does not answer within the
 * timeout (headers and body), cannot be reached, answers 5xx or refuses the token is skipped for the next; an unknown
 * tag (404) or an exhausted one (409) is the answer of the shared store, so no other server is asked.
 * A 200 answer that is no usable range (not JSON, a range of another tag, an empty one, one whose
 * composed ids pass 2^63 - 1 or its {@code maxLimitId}, one composed otherwise than the tag's earlier
 * ranges) is a failed attempt against that server too, logged at WARN, and its range is not used.
 * When no server gives a range the error names every server tried and what each did.
 * <p>
 * A range whose answer was lost (a timeout after the server took it) is never used: its ids are
 * skipped, never issued twice. Thread-safe.
 *
 * <pre>{@code
 * HttpSegmentStore store = HttpSegmentStore.builder()
 *     .servers(URI.create("http://ids-1:8080"), URI.create("http://ids-2:8080"))
 *     .token(System.getenv("IDGEN_TOKEN"))
 *     .timeout(Duration.ofSeconds(2))
 *     .build();
 * SegmentIdServices ids = new SegmentIdServices(store, SegmentSettings.DEFAULTS);
 * long orderId = ids.forTag("orders").nextId();
 * }</pre>
 */
public final class HttpSegmentStore implements SegmentStore {

	/** Per-request timeout unless told otherwise. */
	public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);

	private static final Logger logger = LoggerFactory.getLogger(HttpSegmentStore.class);

	private final List<URI> servers;

	private final @Nullable String authorization;

	private final Duration timeout;

	private final HttpClient client;

	/** Which server each allocation asks first, and each tag's composition; starts at random so that clients spread. */
	private final ServerFailover failover;

	private HttpSegmentStore(Builder builder) {
		this.servers = List.copyOf(builder.servers);
		this.failover = new ServerFailover(this.servers, ThreadLocalRandom.current().nextInt(1 << 16));
		this.authorization = (builder.token != null) ? "Bearer " + builder.token : null;
		this.timeout = builder.timeout;
		this.client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(builder.timeout)
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
	}

	/**
	 * Starts a builder.
	 * @return a builder without servers, token or timeout set
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Returns the servers in the order they were given.
	 * @return the base URIs
	 */
	public List<URI> getServers() {
		return this.servers;
	}

	/**
	 * Returns how long one request to one server may take, connecting included.
	 * @return the timeout
	 */
	public Duration getTimeout() {
		return this.timeout;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Asks for {@code ?step=requestedStep}: the server takes at least its row's step.
	 */
	@Override
	public SegmentRange allocate(String tag, int requestedStep) {
		if (requestedStep < 1) {
			throw new IllegalArgumentException("requestedStep must be at least 1, was " + requestedStep);
		}
		return post(tag, "step", requestedStep);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Asks for {@code ?size=size}, from 1 to 100,000.
	 */
	@Override
	public SegmentRange allocateExactly(String tag, int size) {
		if (size < 1) {
			throw new IllegalArgumentException("size must be at least 1, was " + size);
		}
		return post(tag, "size", size);
	}

	@Override
	public String describe() {
		return "idgen-server " + this.servers.stream().map(URI::toString).collect(Collectors.joining(", "));
	}

	private SegmentRange post(String tag, String parameter, int value) {
		if (tag.isBlank()) {
			throw new IllegalArgumentException("tag must not be blank");
		}
		ServerFailover.Tried tried = new ServerFailover.Tried();
		for (URI server : this.failover.nextOrder()) {
			try {
				HttpResponse<String> response = exchange(server, request(server, tag, parameter, value));
				int status = response.statusCode();
				if (status == 200) {
					return this.failover.checkComposition(Answers.range(tag, response.body(), server), server);
				}
				Map<String, String> problem = Answers.problem(response.body());
				String detail = server + ": HTTP " + status + Answers.detail(problem);
				switch (status) {
					case 404 -> throw new UnknownSegmentTagException(tag, "idgen-server " + server);
					case 409 -> throw new SegmentTagExhaustedException(tag, Answers.maxLimitId(problem),
							"idgen-server " + server);
					case 400 -> throw new IllegalArgumentException("idgen-server " + server + " refused " + parameter
							+ "=" + value + " for segment tag '" + tag + "'" + Answers.detail(problem));
					case 401, 403 -> tried.refused(detail);
					default -> tried.failed(detail, new IOException(detail));
				}
			}
			catch (RefusedAnswerException ex) {
				// a broken server, or not idgen-server at all: as unusable as one that cannot be reached
				tried.failed(server + ": " + ex.answer(), ex);
				logger.warn("idgen-server {} {}; its range is not used, asking the next server", server, ex.answer());
			}
			catch (HttpTimeoutException ex) {
				tried.failed(server + ": " + ex.getMessage(), ex);
			}
			catch (IOException ex) {
				tried.failed(server + ": " + ex, ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new SegmentStoreException("Interrupted while asking " + server + " for a range of segment tag '"
						+ tag + "'", ex);
			}
			logger.debug("No range of segment tag '{}' from {}", tag, tried.last());
		}
		throw tried.noRange(tag, this.servers.size());
	}

	/**
	 * Sends a request and reads the whole answer within the timeout. The request's own timeout ends
	 * when the headers arrive (JDK 17): a server that sends them and then stalls the body would hold
	 * the caller, and with it the tag's one allocation in flight, for as long as the connection lives.
	 * @throws HttpTimeoutException if the whole answer did not come within the timeout, saying whether
	 * the headers came
	 */
	private HttpResponse<String> exchange(URI server, HttpRequest request) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + this.timeout.toNanos();
		CompletableFuture<Integer> headers = new CompletableFuture<>();
		CompletableFuture<HttpResponse<String>> exchange = this.client.sendAsync(request, (info) -> {
			headers.complete(info.statusCode());
			return HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8);
		});
		try {
			// the client's own connect and request timeouts end a wait for headers: they start once the
			// request is under way, so a JVM's first request, which loads the client, is not failed for
			// that. The cap is for timers that would not fire
			CompletableFuture.anyOf(headers, exchange).get(2 * this.timeout.toNanos(), TimeUnit.NANOSECONDS);
			return exchange.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			exchange.cancel(true);
			Integer status = headers.getNow(null);
			if (status == null) {
				throw new HttpTimeoutException("no answer within " + this.timeout);
			}
			String stalled = "HTTP " + status + " headers came, then the body stalled; no whole answer within "
					+ this.timeout;
			logger.warn("idgen-server {}: {}; asking the next server", server, stalled);
			throw new HttpTimeoutException(stalled);
		}
		catch (InterruptedException ex) {
			exchange.cancel(true);
			throw ex;
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause();
			if (cause instanceof HttpTimeoutException) {
				throw new HttpTimeoutException("no answer within " + this.timeout);
			}
			if (cause instanceof IOException io) {
				throw io;
			}
			if (cause instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IOException(cause);
		}
	}

	private HttpRequest request(URI server, String tag, String parameter, int value) {
		String path = "/v1/segments/" + URLEncoder.encode(tag, StandardCharsets.UTF_8).replace("+", "%20")
				+ "/ranges?" + parameter + "=" + value;
		HttpRequest.Builder request = HttpRequest.newBuilder(resolve(server, path))
			.timeout(this.timeout)
			.header("Accept", "application/json")
			.POST(HttpRequest.BodyPublishers.noBody());
		if (this.authorization != null) {
			request.header("Authorization", this.authorization);
		}
		return request.build();
	}

	private static URI resolve(URI server, String path) {
		String base = server.toString();
		return URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) + path : base + path);
	}

	/**
	 * Builds an {@link HttpSegmentStore}.
	 */
	public static final class Builder {

		private final List<URI> servers = new ArrayList<>();

		private @Nullable String token;

		private Duration timeout = DEFAULT_TIMEOUT;

		private Builder() {
		}

		/**
		 * Sets the servers, replacing any set before.
		 * @param servers base URIs such as {@code http://ids-1:8080}, at least one
		 * @return this builder
		 * @throws IllegalArgumentException if there is none, or one is not an absolute http(s) URI
		 * without query or fragment
		 */
		public Builder servers(URI... servers) {
			return servers(Arrays.asList(servers));
		}

		/**
		 * Sets the servers, replacing any set before.
		 * @param servers base URIs such as {@code http://ids-1:8080}, at least one
		 * @return this builder
		 * @throws IllegalArgumentException if there is none, or one is not an absolute http(s) URI
		 * without query or fragment
		 */
		public Builder servers(List<URI> servers) {
			if (servers.isEmpty()) {
				throw new IllegalArgumentException("servers must name at least one idgen-server URI");
			}
			for (URI server : servers) {
				checkServer(server);
			}
			this.servers.clear();
			this.servers.addAll(servers);
			return this;
		}

		/**
		 * Sets the bearer token sent to every server; none by default (a server in demo mode).
		 * @param token the token
		 * @return this builder
		 * @throws IllegalArgumentException if it is blank or not printable ASCII
		 */
		public Builder token(String token) {
			if (token.isBlank() || !token.chars().allMatch((c) -> c > ' ' && c < 127)) {
				throw new IllegalArgumentException("token must be printable ASCII without spaces");
			}
			this.token = token;
			return this;
		}

		/**
		 * Sets how long one request to one server may take, connecting included. An allocation that
		 * no server answers takes at most this times the number of servers.
		 * @param timeout the timeout, positive; {@link #DEFAULT_TIMEOUT} unless set
		 * @return this builder
		 */
		public Builder timeout(Duration timeout) {
			if (timeout.isNegative() || timeout.isZero()) {
				throw new IllegalArgumentException("timeout must be positive, was " + timeout);
			}
			this.timeout = timeout;
			return this;
		}

		/**
		 * Builds the store.
		 * @return the store
		 * @throws IllegalStateException if no server was set
		 */
		public HttpSegmentStore build() {
			if (this.servers.isEmpty()) {
				throw new IllegalStateException("No idgen-server set: call servers(URI...) with at least one URI");
			}
			return new HttpSegmentStore(this);
		}

		private static void checkServer(URI server) {
			String scheme = server.getScheme();
			if (!("http".equals(scheme) || "https".equals(scheme)) || server.getHost() == null
					|| server.getRawQuery() != null || server.getRawFragment() != null) {
				throw new IllegalArgumentException("idgen-server URI '" + server
						+ "' must be an absolute http or https URI without query or fragment, such as http://ids-1:8080");
			}
		}

	}

}
