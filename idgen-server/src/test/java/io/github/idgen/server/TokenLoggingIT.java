package io.github.idgen.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No token reaches any log of the server process, at any level, whatever the request: requests sent
 * raw over a socket that Tomcat cannot parse (a raw {@code '{'} or {@code '|'} beside {@code ?token=}),
 * whose parameters it cannot decode, that the firewall refuses, with methods nobody knows, TRACE, a form
 * body, a token in the header that is not {@code Bearer}; with Tomcat, Spring and idgen logging at
 * DEBUG and TRACE, Spring MVC logging request details, a log file in JSON, and Tomcat's access log with the
 * request line, the query and the {@code Authorization} header in its pattern. No answer repeats the
 * token either.
 */
class TokenLoggingIT {

	static final String TOKEN = "LeakCheck-7f3a9c1e5b2d4f6a8b9c";

	/** The token with every character percent-encoded, as a cautious client sends it. */
	static final String ENCODED = encoded(TOKEN);

	@Test
	void noLogOfAnyKindHoldsTheToken(@TempDir Path directory) throws IOException {
		Path logs = Files.createDirectories(directory.resolve("logs"));
		List<String> arguments = List.of("--xxx.common.id-worker-id=8", "--idgen.server.tokens[0].name=logged",
				"--idgen.server.tokens[0].token=" + TOKEN, "--logging.level.org.apache=DEBUG",
				"--logging.level.org.springframework.web=TRACE", "--logging.level.org.springframework.security=TRACE",
				"--logging.level.org.springframework.boot.web=TRACE", "--logging.level.io.github.idgen=TRACE",
				"--spring.mvc.log-request-details=true", "--logging.file.name=" + logs.resolve("server.log"),
				"--logging.structured.format.file=ecs",
				"--server.tomcat.basedir=" + directory.resolve("tomcat"), "--server.tomcat.accesslog.enabled=true",
				"--server.tomcat.accesslog.directory=" + logs, "--server.tomcat.accesslog.buffered=false",
				"--server.tomcat.accesslog.pattern=%h %t \"%r\" %s %b q=%q auth=%{Authorization}i");
		try (ServerProcess server = ServerProcess.start("token-logging", arguments)) {
			server.awaitReady(Duration.ofSeconds(90));
			List<RawHttp.Answer> answers = new ArrayList<>();
			for (String[] request : requests()) {
				answers.add(RawHttp.send(server.port(), request[0], List.of(request).subList(1, request.length)
					.toArray(String[]::new)));
			}
			answers.add(RawHttp.post(server.port(), "/api/snowflake/get/x", "application/x-www-form-urlencoded",
					"token=" + TOKEN));
			assertThat(answers).extracting(RawHttp.Answer::status).contains(200, 400, 401, 405);
			assertThat(answers).allSatisfy((answer) -> assertThat(answer.head() + answer.body()).doesNotContain(TOKEN));
			// the access log is written when each request ends, the last one a moment after its answer
			ServerProcess.sleep(1_000);
			String processLog = server.log();
			String fileLog = Files.readString(logs.resolve("server.log"), StandardCharsets.UTF_8);
			String accessLog = accessLogs(logs);
			assertThat(leaks(processLog)).as("lines of the process's log with the token").isEmpty();
			assertThat(leaks(fileLog)).as("lines of the log file with the token").isEmpty();
			assertThat(leaks(accessLog)).as("lines of the access log with the token").isEmpty();
			// the requests were logged: what is checked is there, masked
			assertThat(processLog).contains("Invalid character found in the request target")
				.contains("Securing GET /api/snowflake/get/x?token=******")
				.contains("parameters={token:[******]}")
				.contains("Authorization:[******]");
			assertThat(fileLog).contains("\"ecs\":").contains("Securing GET /api/snowflake/get/x?token=******");
			assertThat(accessLog).contains("\"GET /api/snowflake/get/x?token=****** HTTP/1.1\" 200")
				.contains("q=?token=******")
				.contains("auth=******");
		}
	}

	private static List<String> leaks(String log) {
		return log.lines().filter((line) -> line.contains(TOKEN) || line.contains(ENCODED)).toList();
	}

	/** Request lines, each with its header lines. */
	private static List<String[]> requests() {
		String bearer = "Authorization: Bearer " + TOKEN;
		return List.of(new String[] { "GET /api/snowflake/get/x?token=" + TOKEN + "&a={b} HTTP/1.1" },
				new String[] { "GET /api/snowflake/get/x?a=|&token=" + TOKEN + " HTTP/1.1" },
				new String[] { "GET /api/snowflake/get/x?token=" + TOKEN + " HTTP/1.1" },
				new String[] { "GET /api/snowflake/get/x?%74oken=" + TOKEN + " HTTP/1.1" },
				new String[] { "GET /api/snowflake/get/x?token=" + ENCODED + " HTTP/1.1" },
				new String[] { "GET /api/snowflake/get/x?token=" + TOKEN + "%FF HTTP/1.1" },
				new String[] { "GET /api/snowflake/get/x?token=" + TOKEN + "&x=%zz HTTP/1.1" },
				new String[] { "GET /api/snowflake/get/x?token=" + TOKEN + "&pad=" + "p".repeat(10_000) + " HTTP/1.1" },
				new String[] { "GET /v1/ids/%2e%2e/next?token=" + TOKEN + " HTTP/1.1", bearer },
				new String[] { "GET /v1/ids/next?token=" + TOKEN + " HTTP/1.1" },
				new String[] { "FOO /api/snowflake/get/x?token=" + TOKEN + " HTTP/1.1", bearer },
				new String[] { "TRACE /api/snowflake/get/x?token=" + TOKEN + " HTTP/1.1", bearer },
				new String[] { "GET /v1/ids/next HTTP/1.1", bearer }, new String[] { "GET /v1/ids/next HTTP/1.1",
						"Authorization: " + TOKEN },
				new String[] { "GET /nowhere?token=" + TOKEN + " HTTP/1.1", bearer });
	}

	private static String accessLogs(Path directory) throws IOException {
		try (Stream<Path> files = Files.list(directory)) {
			StringBuilder all = new StringBuilder();
			for (Path file : files.filter((path) -> path.getFileName().toString().startsWith("access_log")).toList()) {
				all.append(Files.readString(file, StandardCharsets.UTF_8));
			}
			assertThat(all).as("an access log in " + directory).isNotEmpty();
			return all.toString();
		}
		catch (UncheckedIOException ex) {
			throw ex.getCause();
		}
	}

	private static String encoded(String token) {
		StringBuilder encoded = new StringBuilder();
		for (byte b : token.getBytes(StandardCharsets.US_ASCII)) {
			encoded.append('%').append(HexFormat.of().withUpperCase().toHexDigits(b));
		}
		return encoded.toString();
	}

}
