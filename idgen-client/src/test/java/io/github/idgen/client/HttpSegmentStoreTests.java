package io.github.idgen.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentIdsUnavailableException;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStoreException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link HttpSegmentStore} without a server that answers: what it refuses to be built with, and the
 * error, within its timeout, when no server gives a range. Against real servers in idgen-server's
 * integration tests.
 */
class HttpSegmentStoreTests {

	@Test
	void aServerMustBeAnAbsoluteHttpUri() {
		assertThatIllegalArgumentException().isThrownBy(() -> HttpSegmentStore.builder().servers(URI.create("ids-1:8080")))
			.withMessage("idgen-server URI 'ids-1:8080' must be an absolute http or https URI without query or fragment,"
					+ " such as http://ids-1:8080");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> HttpSegmentStore.builder().servers(URI.create("http://ids-1:8080/?a=b")));
		assertThatIllegalArgumentException().isThrownBy(() -> HttpSegmentStore.builder().servers(List.of()))
			.withMessage("servers must name at least one idgen-server URI");
		assertThatIllegalStateException().isThrownBy(() -> HttpSegmentStore.builder().build())
			.withMessage("No idgen-server set: call servers(URI...) with at least one URI");
	}

	@Test
	void tokenAndTimeoutAreChecked() {
		assertThatIllegalArgumentException().isThrownBy(() -> HttpSegmentStore.builder().token("two words"))
			.withMessage("token must be printable ASCII without spaces");
		assertThatIllegalArgumentException().isThrownBy(() -> HttpSegmentStore.builder().timeout(Duration.ZERO))
			.withMessage("timeout must be positive, was PT0S");
	}

	@Test
	void noServerReachableFailsWithinTheTimeoutNamingEveryServer() throws IOException {
		try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			List<Socket> accepted = acceptForever(silent);
			URI refusing = URI.create("http://127.0.0.1:" + freePort());
			URI answering = URI.create("http://127.0.0.1:" + silent.getLocalPort());
			HttpSegmentStore store = HttpSegmentStore.builder()
				.servers(refusing, answering)
				.timeout(Duration.ofMillis(500))
				.build();
			long start = System.nanoTime();
			assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store.allocate("orders", 10))
				.withMessageStartingWith("No range of segment tag 'orders' from any of 2 idgen-server(s): ")
				.withMessageContaining(refusing + ": java.net.ConnectException")
				.withMessageContaining(answering + ": no answer within PT0.5S");
			// one timeout for the silent server, the refusing one answers at once
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
			accepted.forEach(HttpSegmentStoreTests::closeQuietly);
		}
	}

	@Test
	void segmentIdsOverAnUnreachableStoreFailWithinTheirWait() {
		URI nobody = URI.create("http://127.0.0.1:" + freePort());
		HttpSegmentStore store = HttpSegmentStore.builder().servers(nobody).timeout(Duration.ofMillis(300)).build();
		try (SegmentIdServices services = new SegmentIdServices(store,
				SegmentSettings.DEFAULTS.withMaxWait(Duration.ofMillis(500)))) {
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> services.forTag("orders"))
				.withMessageContaining("no new range from idgen-server " + nobody)
				.withMessageContaining(nobody + ": java.net.ConnectException");
		}
	}

	@Test
	void aServerThatStallsTheBodyOfItsAnswerIsSkippedForTheNext() throws Exception {
		try (ServerSocket stalling = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
				ServerSocket healthy = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			List<Socket> accepted = answerForever(stalling, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
					+ "Content-Length: 100\r\n\r\n{\"tag\":");
			answerForever(healthy, okRange("{\"tag\":\"orders\",\"first\":11,\"last\":20,\"rowStep\":10,\"maxLimitId\":\"9223372036854775807\"}"));
			HttpSegmentStore store = HttpSegmentStore.builder()
				.servers(URI.create("http://127.0.0.1:" + stalling.getLocalPort()),
						URI.create("http://127.0.0.1:" + healthy.getLocalPort()))
				.timeout(Duration.ofMillis(500))
				.build();
			// one allocation asks the stalling server first, whichever server the store starts with
			for (int i = 0; i < 2; i++) {
				CompletableFuture<SegmentRange> allocation = CompletableFuture.supplyAsync(() -> store.allocate("orders", 10));
				// a bound against "for ever", far above the one timeout the stalling server may take
				assertThat(allocation.get(10, TimeUnit.SECONDS).firstId()).isEqualTo(11);
			}
			accepted.forEach(HttpSegmentStoreTests::closeQuietly);
		}
	}

	@Test
	void aStalledBodyIsReportedNamingTheServer() throws Exception {
		try (ServerSocket stalling = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			List<Socket> accepted = answerForever(stalling, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
					+ "Content-Length: 100\r\n\r\n{\"tag\":");
			URI server = URI.create("http://127.0.0.1:" + stalling.getLocalPort());
			HttpSegmentStore store = HttpSegmentStore.builder().servers(server).timeout(Duration.ofMillis(300)).build();
			try (SegmentIdServices services = new SegmentIdServices(store,
					SegmentSettings.DEFAULTS.withMaxWait(Duration.ofMillis(500)))) {
				CompletableFuture<Void> firstUse = CompletableFuture.runAsync(() -> assertThatExceptionOfType(
						SegmentIdsUnavailableException.class).isThrownBy(() -> services.forTag("orders"))
					.withMessageContaining(server + ": HTTP 200 headers came, then the body stalled; no whole answer within PT0.3S"));
				firstUse.get(10, TimeUnit.SECONDS);
				assertThat(services.statistics()).singleElement()
					.satisfies((statistics) -> assertThat(statistics.storeReachable()).isFalse());
			}
			accepted.forEach(HttpSegmentStoreTests::closeQuietly);
		}
	}

	@Test
	void describesItsServers() {
		HttpSegmentStore store = HttpSegmentStore.builder()
			.servers(URI.create("http://ids-1:8080"), URI.create("https://ids-2"))
			.build();
		assertThat(store.describe()).isEqualTo("idgen-server http://ids-1:8080, https://ids-2");
		assertThat(store.getTimeout()).isEqualTo(HttpSegmentStore.DEFAULT_TIMEOUT);
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Accepts connections and never answers: a server that hangs. */
	private static List<Socket> acceptForever(ServerSocket server) {
		List<Socket> accepted = Collections.synchronizedList(new ArrayList<>());
		Thread thread = new Thread(() -> {
			try {
				while (true) {
					accepted.add(server.accept());
				}
			}
			catch (IOException ex) {
				// closed
			}
		}, "silent-server");
		thread.setDaemon(true);
		thread.start();
		return accepted;
	}

	private static String okRange(String json) {
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + json.length() + "\r\n\r\n" + json;
	}

	/**
	 * Answers every request of every connection with the same bytes, and keeps the connection open: with
	 * a Content-Length above what it sends, a server that stalls the body of its answer.
	 */
	private static List<Socket> answerForever(ServerSocket server, String answer) {
		List<Socket> accepted = Collections.synchronizedList(new ArrayList<>());
		Thread thread = new Thread(() -> {
			try {
				while (true) {
					Socket socket = server.accept();
					accepted.add(socket);
					Thread connection = new Thread(() -> answerEachRequest(socket, answer), "answering-connection");
					connection.setDaemon(true);
					connection.start();
				}
			}
			catch (IOException ex) {
				// closed
			}
		}, "answering-server");
		thread.setDaemon(true);
		thread.start();
		return accepted;
	}

	private static void answerEachRequest(Socket socket, String answer) {
		try (InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
			// a request of the store has no body: it ends with its headers
			int matched = 0;
			int read;
			while ((read = in.read()) != -1) {
				matched = (read == "\r\n\r\n".charAt(matched)) ? matched + 1 : ((read == '\r') ? 1 : 0);
				if (matched == 4) {
					out.write(answer.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
					out.flush();
					matched = 0;
				}
			}
		}
		catch (IOException ex) {
			// closed
		}
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// closing anyway
		}
	}

}
