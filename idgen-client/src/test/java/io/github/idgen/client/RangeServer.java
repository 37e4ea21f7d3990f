package io.github.idgen.client;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP server on the loopback interface that answers every {@code POST
 * /v1/segments/{tag}/ranges} with 200 and the JSON body its function gives for the request's number
 * (1 for the first): a deliberately broken idgen-server peer, or a healthy one, for the client's
 * checks of what a server answered. The JDK's own server, so that nothing but the answer is made up.
 */
final class RangeServer implements AutoCloseable {

	private final HttpServer server;

	private final AtomicInteger requests = new AtomicInteger();

	private RangeServer(IntFunction<String> answers) throws IOException {
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.createContext("/v1/segments/", (exchange) -> {
			byte[] body = answers.apply(this.requests.incrementAndGet()).getBytes(StandardCharsets.UTF_8);
			exchange.getRequestBody().readAllBytes();
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		});
		this.server.start();
	}

	/**
	 * Starts a server that answers every request alike.
	 * @param answer the JSON body
	 */
	static RangeServer answering(String answer) throws IOException {
		return new RangeServer((request) -> answer);
	}

	/**
	 * Starts a server whose answer depends on the request's number.
	 * @param answers the JSON body of each request, by its number from 1
	 */
	static RangeServer answering(IntFunction<String> answers) throws IOException {
		return new RangeServer(answers);
	}

	/** The answer of a range, every member a JSON string as idgen-server writes them. */
	static String range(String tag, long first, long last, long maxLimitId, long businessId, int businessBits,
			int shardBits) {
		return "{\"tag\":\"" + tag + "\",\"first\":\"" + first + "\",\"last\":\"" + last + "\",\"rowStep\":10,"
				+ "\"maxLimitId\":\"" + maxLimitId + "\",\"businessId\":" + businessId + ",\"businessBits\":"
				+ businessBits + ",\"shardBits\":" + shardBits + "}";
	}

	/** The answer of a plain range without a limit. */
	static String range(String tag, long first, long last) {
		return range(tag, first, last, Long.MAX_VALUE, 0, 0, 0);
	}

	URI uri() {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
	}

	/** How many requests it answered. */
	int requests() {
		return this.requests.get();
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
