package io.github.idgen.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Callers that hold a connection without doing their part, against the server process with its own
 * defaults and four worker threads: one that never reads its answers holds a thread only until the
 * write times out (the server's connection timeout, 5 s; Tomcat's own is 60 s), so that callers who do
 * read are served again; an idle keep-alive connection and one that never sends its request are closed
 * by the server after a few seconds too. The bound asserted is twice the timeout, far below Tomcat's.
 */
class SlowClientsIT {

	static final String TOKEN = "slow-clients-token-0123456789";

	/** The server's timeout, 5 s, with as much again for a loaded machine: far below Tomcat's 60 s. */
	private static final Duration BOUND = Duration.ofSeconds(10);

	private static final int THREADS = 4;

	private static ServerProcess server;

	@BeforeAll
	static void start() {
		server = ServerProcess
			.start("slow-clients", List.of("--xxx.common.id-worker-id=4", "--idgen.server.tokens[0].name=slow",
					"--idgen.server.tokens[0].token=" + TOKEN, "--server.tomcat.threads.max=" + THREADS,
					"--server.tomcat.threads.min-spare=1"))
			.awaitReady(Duration.ofSeconds(90));
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	@Test
	void callersThatNeverReadHoldTheThreadsOnlyUntilTheirWritesTimeOut() throws Exception {
		List<Socket> neverRead = new ArrayList<>();
		try {
			// more answers than the socket buffers of both ends hold: each thread blocks in a write
			String batch = ("GET /v1/ids?count=10000 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + TOKEN
					+ "\r\n\r\n").repeat(60);
			for (int i = 0; i < THREADS; i++) {
				Socket socket = new Socket();
				socket.setReceiveBufferSize(4096);
				socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
				socket.getOutputStream().write(batch.getBytes(StandardCharsets.ISO_8859_1));
				socket.getOutputStream().flush();
				neverRead.add(socket);
			}
			ServerProcess.sleep(1_000);
			long start = System.nanoTime();
			HttpResponse<String> answer = Http.send(Http.request(server.port(), "/v1/ids/next", TOKEN)
				.timeout(BOUND.multipliedBy(2))
				.GET()
				.build());
			Duration waited = Duration.ofNanos(System.nanoTime() - start);
			assertThat(answer.statusCode()).isEqualTo(200);
			assertThat(waited).isLessThan(BOUND);
			// and the server gave up on those connections: each ends once its buffered bytes are read
			for (Socket socket : neverRead) {
				assertThat(readsToTheEnd(socket, BOUND)).as("the server closed a connection that never read").isTrue();
			}
		}
		finally {
			for (Socket socket : neverRead) {
				socket.close();
			}
		}
	}

	@Test
	void anIdleKeepAliveConnectionIsClosedAfterAFewSeconds() throws Exception {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
			OutputStream out = socket.getOutputStream();
			out.write(("GET /actuator/health/liveness HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			assertThat(readsToTheEnd(socket, BOUND)).as("the server closed the idle keep-alive connection").isTrue();
		}
	}

	@Test
	void aConnectionThatNeverSendsItsRequestIsClosedAfterAFewSeconds() throws Exception {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
			socket.getOutputStream().write("GET /v1/ids/next HTTP/1.1\r\nHost: 127".getBytes(StandardCharsets.ISO_8859_1));
			assertThat(readsToTheEnd(socket, BOUND)).as("the server closed the connection that sent half a request")
				.isTrue();
		}
	}

	/** Reads until the server closes the connection; false if it is still open after the bound. */
	private static boolean readsToTheEnd(Socket socket, Duration bound) throws IOException {
		long deadline = System.nanoTime() + bound.toNanos();
		InputStream in = socket.getInputStream();
		byte[] buffer = new byte[65536];
		try {
			while (System.nanoTime() - deadline < 0) {
				socket.setSoTimeout((int) Math.max(1, Duration.ofNanos(deadline - System.nanoTime()).toMillis()));
				if (in.read(buffer) < 0) {
					return true;
				}
			}
			return false;
		}
		catch (SocketTimeoutException ex) {
			return false;
		}
		catch (SocketException ex) {
			// reset: closed by the server with answers unsent
			return true;
		}
	}

}
