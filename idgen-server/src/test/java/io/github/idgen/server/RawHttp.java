package io.github.idgen.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * HTTP/1.1 over a plain socket, for what the JDK's client will not send: raw characters in the
 * request line, unknown methods, requests that a client never reads the answer of.
 */
final class RawHttp {

	private RawHttp() {
	}

	/**
	 * Sends a request with {@code Connection: close} and reads the whole answer.
	 * @param port the server's port on 127.0.0.1
	 * @param requestLine such as {@code GET /v1/ids/next HTTP/1.1}, sent byte for byte (ISO-8859-1)
	 * @param headers header lines without their line ends, such as {@code Authorization: Bearer x}
	 * @return the answer
	 */
	static Answer send(int port, String requestLine, String... headers) {
		return exchange(port, head(requestLine, headers));
	}

	/**
	 * Posts a body with {@code Connection: close} and reads the whole answer.
	 * @param port the server's port on 127.0.0.1
	 * @param path the path and query
	 * @param contentType the body's type
	 * @param body the body (ISO-8859-1)
	 * @return the answer
	 */
	static Answer post(int port, String path, String contentType, String body) {
		return exchange(port, head("POST " + path + " HTTP/1.1", "Content-Type: " + contentType,
				"Content-Length: " + body.length()) + body);
	}

	private static String head(String requestLine, String... headers) {
		StringBuilder request = new StringBuilder(requestLine).append("\r\nHost: 127.0.0.1\r\n");
		for (String header : headers) {
			request.append(header).append("\r\n");
		}
		return request.append("Connection: close\r\n\r\n").toString();
	}

	private static Answer exchange(int port, String request) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(request.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			return Answer.of(readAll(socket.getInputStream()));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(request.lines().findFirst().orElse("") + " failed", ex);
		}
	}

	private static String readAll(InputStream in) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		byte[] buffer = new byte[8192];
		try {
			for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
				bytes.write(buffer, 0, read);
			}
		}
		catch (SocketTimeoutException ex) {
			throw new IllegalStateException("The server did not close the connection: " + bytes, ex);
		}
		return bytes.toString(StandardCharsets.ISO_8859_1);
	}

	/**
	 * An answer taken apart.
	 *
	 * @param status its status code
	 * @param head the status line and headers
	 * @param body the body, de-chunked
	 */
	record Answer(int status, String head, String body) {

		static Answer of(String raw) {
			int end = raw.indexOf("\r\n\r\n");
			String head = (end >= 0) ? raw.substring(0, end) : raw;
			String body = (end >= 0) ? raw.substring(end + 4) : "";
			if (head.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
				body = dechunked(body);
			}
			return new Answer(Integer.parseInt(head.substring(9, 12)), head, body);
		}

		/**
		 * Returns a header's value.
		 * @param name its name, in any case
		 * @return the value, or null if the answer has none
		 */
		String header(String name) {
			for (String line : this.head.split("\r\n")) {
				int colon = line.indexOf(':');
				if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
					return line.substring(colon + 1).trim();
				}
			}
			return null;
		}

		private static String dechunked(String chunked) {
			StringBuilder body = new StringBuilder();
			int at = 0;
			while (at < chunked.length()) {
				int lineEnd = chunked.indexOf("\r\n", at);
				int size = Integer.parseInt(chunked.substring(at, lineEnd).trim(), 16);
				if (size == 0) {
					break;
				}
				body.append(chunked, lineEnd + 2, lineEnd + 2 + size);
				at = lineEnd + 2 + size + 2;
			}
			return body.toString();
		}

	}

}
