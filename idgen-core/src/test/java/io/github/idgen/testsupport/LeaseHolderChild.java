package io.github.idgen.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A lease holder in its own JVM (a main class that runs {@link IssuingLoop}), its output lines, and
 * signals to it: killed with SIGKILL or frozen with SIGSTOP as a crashed or paused instance is.
 */
public final class LeaseHolderChild implements AutoCloseable {

	private final Process process;

	private final List<String> lines = new CopyOnWriteArrayList<>();

	private final int workerId;

	/**
	 * Starts the child on this JVM's class path and waits until it has leased a worker id.
	 * @param mainClass the child's main class
	 * @param args its arguments
	 * @throws IOException if the JVM cannot be started
	 */
	public LeaseHolderChild(Class<?> mainClass, String... args) throws IOException {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		List<String> command = new ArrayList<>(
				List.of(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"), mainClass.getName()));
		command.addAll(List.of(args));
		this.process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
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
		String leased = await().atMost(Duration.ofSeconds(30))
			.until(() -> this.lines.stream().filter((line) -> line.startsWith("LEASED ")).findFirst(), Optional::isPresent)
			.orElseThrow();
		this.workerId = Integer.parseInt(leased.substring("LEASED ".length()));
	}

	/** @return the worker id the child leased first */
	public int workerId() {
		return this.workerId;
	}

	/** @return a snapshot of the child's lines so far: it keeps printing, so never index the live list */
	public List<String> lines() {
		return List.copyOf(this.lines);
	}

	/** @return how many ids the child printed so far */
	public long countIds() {
		return this.lines.stream().filter((line) -> line.startsWith("ID ")).count();
	}

	/** @return the ids the child printed so far */
	public Set<Long> ids() {
		Set<Long> ids = new HashSet<>();
		for (String line : this.lines) {
			if (line.startsWith("ID ")) {
				ids.add(Long.parseLong(line.substring(3)));
			}
		}
		return ids;
	}

	/**
	 * Waits until a stopped child's pipe is drained: it writes nothing more, so the count stays put.
	 * @return the number of lines printed before the freeze
	 * @throws InterruptedException if interrupted
	 */
	public int linesOnceDrained() throws InterruptedException {
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

	/**
	 * Checks what a child printed after it was frozen past its lease and thawed: it refused calls, and
	 * no id it made after the thaw carries the worker id it lost. (An id made just before SIGSTOP may
	 * be printed after SIGCONT; it is stamped before the freeze, and the successor waits for the mark.)
	 * @param linesBeforeFreeze what {@link #linesOnceDrained()} returned after SIGSTOP
	 * @param thawedAtMillis wall-clock time of SIGCONT
	 * @param lostWorkerId the worker id a successor took meanwhile
	 */
	public void assertIssuedNothingWithItsLostIdAfterThaw(int linesBeforeFreeze, long thawedAtMillis,
			int lostWorkerId) {
		List<String> output = lines();
		List<String> afterThaw = output.subList(linesBeforeFreeze, output.size());
		assertThat(afterThaw).as("the thawed process refuses instead of issuing with the lost id").contains("REFUSED");
		for (String line : afterThaw) {
			if (line.startsWith("ID ")) {
				SnowflakeId id = SnowflakeLayout.TWITTER.decompose(Long.parseLong(line.substring(3)));
				if (!id.timestamp().isBefore(Instant.ofEpochMilli(thawedAtMillis))) {
					assertThat(id.workerId()).as("an id the thawed process made with its lost worker id")
						.isNotEqualTo(lostWorkerId);
				}
			}
		}
	}

	/**
	 * Kills the child with SIGKILL, as a crash does: it gives nothing back.
	 * @throws InterruptedException if interrupted while waiting for it to end
	 */
	public void kill() throws InterruptedException {
		this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
	}

	/**
	 * Sends a signal, such as {@code STOP} or {@code CONT}, to a live child.
	 * @param name the signal's name without {@code SIG}
	 * @throws Exception if {@code kill} cannot be run
	 */
	public void signal(String name) throws Exception {
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
