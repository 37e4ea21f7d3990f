package io.github.idgen.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Plain HTTP requests against a running server with the JDK's client, optionally with a bearer token.
 */
public final class Http {

	private static final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private Http() {
	}

	public static HttpResponse<String> get(int port, String path) {
		return send(request(port, path, null).GET().build());
	}

	public static HttpResponse<String> get(int port, String path, @Nullable String token) {
		return send(request(port, path, token).GET().build());
	}

	public static HttpResponse<String> post(int port, String path, @Nullable String token) {
		return send(request(port, path, token).POST(HttpRequest.BodyPublishers.noBody()).build());
	}

	public static HttpRequest.Builder request(int port, String path, @Nullable String token) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.timeout(Duration.ofSeconds(10));
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		return request;
	}

	public static HttpResponse<String> send(HttpRequest request) {
		try {
			return client.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(request.method() + " " + request.uri() + " failed", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted during " + request.method() + " " + request.uri(), ex);
		}
	}

	public static String contentType(HttpResponse<?> response) {
		return response.headers().firstValue("Content-Type").orElse("");
	}

}
