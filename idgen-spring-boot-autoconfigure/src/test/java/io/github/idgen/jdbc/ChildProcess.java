package io.github.idgen.jdbc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.idgen.testsupport.DatabaseServer;

import static org.awaitility.Awaitility.await;

/**
 * A {@link JdbcLeaseHolderProcess} in its own JVM, its output lines, and signals to it.
 */
final class ChildProcess implements AutoCloseable {

	private final Process process;

	private final List<String> lines = new CopyOnWriteArrayList<>();

	private final int workerId;

	ChildProcess(DatabaseServer server, String group, int runSeconds, Duration markInterval) throws IOException {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		this.process = new ProcessBuilder(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
				JdbcLeaseHolderProcess.class.getName(), server.jdbcUrl(), server.username(), server.password(), group,
				Integer.toString(runSeconds), Long.toString(markInterval.toMillis()))
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
		Thread reader = new Thread(() -> {
			try (BufferedReader out = new BufferedReader(
					new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
				for (String line = out.readLine(); line != null; line = out.readLine()) {
					this.lines.add(line);
				}
			}
			catch (IOException ex) {
				// the process is gone
			}
		}, "child-stdout");
		reader.setDaemon(true);
		reader.start();
		// log lines go to the same output
		String leased = await().atMost(Duration.ofSeconds(30))
			.until(() -> this.lines.stream().filter((line) -> line.startsWith("LEASED ")).findFirst(), Optional::isPresent)
			.orElseThrow();
		this.workerId = Integer.parseInt(leased.substring("LEASED ".length()));
	}

	int workerId() {
		return this.workerId;
	}

	List<String> lines() {
		return List.copyOf(this.lines);
	}

	long countIds() {
		return this.lines.stream().filter((line) -> line.startsWith("ID ")).count();
	}

	Set<Long> ids() {
		Set<Long> ids = new HashSet<>();
		for (String line : this.lines) {
			if (line.startsWith("ID ")) {
				ids.add(Long.parseLong(line.substring(3)));
			}
		}
		return ids;
	}

	/** The stopped child writes nothing more: once the pipe is drained, the count stays put. */
	int linesOnceDrained() throws InterruptedException {
		int before;
		int after = this.lines.size();
		do {
			before = after;
			Thread.sleep(300);
			after = this.lines.size();
		}
		while (after != before);
		return after;
	}

	void kill() throws InterruptedException {
		this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
	}

	void signal(String name) throws Exception {
		if (this.process.isAlive()) {
			new ProcessBuilder("kill", "-" + name, Long.toString(this.process.pid())).inheritIO().start().waitFor();
		}
	}

	@Override
	public void close() throws Exception {
		signal("CONT");
		kill();
	}

}
