import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The upload endpoint of the Central Portal, on 127.0.0.1, for scripts/release-dry-run.sh: the release profile's
 * publishing plugin bundles and uploads exactly as in a real release, and this server keeps the bundle instead of
 * publishing it, so the dry run checks what would have been uploaded, with no network. It answers
 * {@code POST /api/v1/publisher/upload} (multipart, the zip in part "bundle", a {@code UserToken} authorization)
 * with a deployment id, and everything else with 404.
 *
 * <p>Run with Java's source launcher: {@code java FakeCentralPortal.java PORT_FILE UPLOAD_DIR}; it writes the
 * port it listens on to PORT_FILE, each upload to UPLOAD_DIR/upload-N.zip, the query of each to
 * UPLOAD_DIR/upload-N.query and its Authorization header to UPLOAD_DIR/upload-N.authorization (so that the dry
 * run checks which token the settings handed the plugin), and runs until killed.
 */
public final class FakeCentralPortal {

	private static int uploads;

	public static void main(String[] args) throws IOException {
		if (args.length != 2) {
			System.err.println("usage: java FakeCentralPortal.java PORT_FILE UPLOAD_DIR");
			System.exit(2);
		}
		Path portFile = Path.of(args[0]);
		Path uploadDir = Files.createDirectories(Path.of(args[1]));
		HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		server.createContext("/", exchange -> {
			try (exchange) {
				handle(exchange, uploadDir);
			}
		});
		server.start();
		// written last, and atomically: the script starts Maven once the port is there
		Path partial = Files.writeString(portFile.resolveSibling(portFile.getFileName() + ".partial"),
				Integer.toString(server.getAddress().getPort()));
		Files.move(partial, portFile);
	}

	private static synchronized void handle(HttpExchange exchange, Path uploadDir) throws IOException {
		if (!"POST".equals(exchange.getRequestMethod())
				|| !"/api/v1/publisher/upload".equals(exchange.getRequestURI().getPath())) {
			respond(exchange, 404, "the dry run's portal takes uploads only");
			return;
		}
		String authorization = exchange.getRequestHeaders().getFirst("Authorization");
		if (authorization == null || !authorization.startsWith("UserToken ")) {
			respond(exchange, 401, "no UserToken authorization: is server id 'central' in the settings?");
			return;
		}
		String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
		byte[] body = exchange.getRequestBody().readAllBytes();
		byte[] bundle = bundlePart(body, contentType);
		if (bundle == null) {
			respond(exchange, 400, "no multipart part named bundle");
			return;
		}
		uploads++;
		Files.write(uploadDir.resolve("upload-" + uploads + ".zip"), bundle);
		Files.writeString(uploadDir.resolve("upload-" + uploads + ".query"),
				String.valueOf(exchange.getRequestURI().getRawQuery()));
		Files.writeString(uploadDir.resolve("upload-" + uploads + ".authorization"), authorization);
		respond(exchange, 201, "dry-run-deployment-" + uploads);
	}

	/** The content of the part named "bundle" of a multipart/form-data body, or null. */
	private static byte[] bundlePart(byte[] body, String contentType) {
		if (contentType == null || !contentType.contains("boundary=")) {
			return null;
		}
		String boundary = contentType.substring(contentType.indexOf("boundary=") + "boundary=".length())
				.split(";")[0].replace("\"", "");
		byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
		byte[] headerEnd = "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
		int start = indexOf(body, delimiter, 0);
		while (start >= 0) {
			int headersStart = start + delimiter.length;
			int contentStart = indexOf(body, headerEnd, headersStart);
			if (contentStart < 0) {
				return null;
			}
			String headers = new String(body, headersStart, contentStart - headersStart, StandardCharsets.ISO_8859_1);
			contentStart += headerEnd.length;
			int next = indexOf(body, ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1), contentStart);
			if (next < 0) {
				return null;
			}
			if (headers.contains("name=\"bundle\"")) {
				return Arrays.copyOfRange(body, contentStart, next);
			}
			start = next + 2;
		}
		return null;
	}

	private static int indexOf(byte[] haystack, byte[] needle, int from) {
		outer:
		for (int i = from; i <= haystack.length - needle.length; i++) {
			for (int j = 0; j < needle.length; j++) {
				if (haystack[i + j] != needle[j]) {
					continue outer;
				}
			}
			return i;
		}
		return -1;
	}

	private static void respond(HttpExchange exchange, int status, String text) throws IOException {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=UTF-8");
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}
}
