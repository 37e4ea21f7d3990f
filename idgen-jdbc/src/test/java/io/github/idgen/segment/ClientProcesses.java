package io.github.idgen.segment;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

import io.github.idgen.testsupport.DatabaseServer;

/**
 * Starts {@link SegmentClientProcess} JVMs and collects what they print.
 */
final class ClientProcesses {

	private ClientProcesses() {
	}

	static Client start(DatabaseServer server, String tag, int threads, long idsPerThread, int maxStep) {
		return start(server, tag, threads, idsPerThread, maxStep, SegmentTables.TABLE, "tag");
	}

	/** A client on another table, such as Leaf's leaf_alloc with its tag column biz_tag. */
	static Client start(DatabaseServer server, String tag, int threads, long idsPerThread, int maxStep, String table,
			String tagColumn) {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		try {
			Path errors = Files.createTempFile("segment-client-", ".err");
			errors.toFile().deleteOnExit();
			Process process = new ProcessBuilder(java, "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp",
					System.getProperty("java.class.path"), SegmentClientProcess.class.getName(), server.jdbcUrl(),
					server.username(), server.password(), tag, Integer.toString(threads), Long.toString(idsPerThread),
					Integer.toString(maxStep), table, tagColumn)
				.redirectError(errors.toFile())
				.start();
			return new Client(process, errors);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** One client JVM and the ids it printed, per thread. */
	static final class Client {

		private static final Pattern RANGE_LINE = Pattern.compile("RANGE \\d+ \\d+");

		final Process process;

		final Map<Integer, List<Long>> idsByThread = new ConcurrentHashMap<>();

		/** Every id the client printed; a list that takes an id in constant time, or reading lags far behind. */
		final List<Long> all = Collections.synchronizedList(new ArrayList<>());

		/** The largest id read so far, readable while the client runs. */
		final AtomicLong maxRead = new AtomicLong(Long.MIN_VALUE);

		private final Path errors;

		final CountDownLatch ready = new CountDownLatch(1);

		final CountDownLatch done = new CountDownLatch(1);

		/** Counted down once everything the client printed was read. */
		final CountDownLatch outputRead = new CountDownLatch(1);

		Client(Process process, Path errors) {
			this.process = process;
			this.errors = errors;
			Thread reader = new Thread(this::read, "read client " + process.pid());
			reader.setDaemon(true);
			reader.start();
		}

		private void read() {
			try (BufferedReader in = new BufferedReader(
					new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
				String line;
				while ((line = in.readLine()) != null) {
					if (line.equals("READY")) {
						this.ready.countDown();
					}
					else if (line.equals("DONE")) {
						this.done.countDown();
					}
					else if (line.startsWith("ID ")) {
						String[] parts = line.split(" ");
						long id = Long.parseLong(parts[2]);
						this.idsByThread.computeIfAbsent(Integer.parseInt(parts[1]), (t) -> new ArrayList<>()).add(id);
						this.all.add(id);
						this.maxRead.accumulateAndGet(id, Math::max);
					}
				}
			}
			catch (IOException ex) {
				// the process was killed
			}
			finally {
				this.outputRead.countDown();
			}
		}

		void awaitReady() throws InterruptedException {
			if (!this.ready.await(60, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
				throw new IllegalStateException("client did not get its first range within 60 s");
			}
		}

		void awaitDone() throws InterruptedException {
			if (!this.done.await(120, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
				throw new IllegalStateException("client did not finish within 120 s");
			}
			this.process.waitFor(10, TimeUnit.SECONDS);
		}

		/**
		 * {@code kill -9}: no shutdown hook, no clean close. Returns once everything the client printed
		 * before it died was read.
		 */
		void kill() throws InterruptedException {
			this.process.destroyForcibly();
			this.process.waitFor(10, TimeUnit.SECONDS);
			if (!this.outputRead.await(30, TimeUnit.SECONDS)) {
				throw new IllegalStateException("the killed client's output was not read within 30 s");
			}
		}

		/**
		 * How many ids the client holds beyond the largest it printed so far, while it runs: the ranges
		 * it reported up to now (a line still being written is left out) against the ids read.
		 */
		long heldAhead() throws IOException {
			long maxHeld = Files.readAllLines(this.errors, StandardCharsets.UTF_8)
				.stream()
				.filter((line) -> RANGE_LINE.matcher(line).matches())
				.mapToLong((line) -> Long.parseLong(line.split(" ")[2]))
				.max()
				.orElse(Long.MIN_VALUE);
			return maxHeld - this.maxRead.get();
		}

		/** The ranges the client got from the store, as {@code {first, last}}; once it ended. */
		List<long[]> ranges() throws IOException {
			return Files.readAllLines(this.errors, StandardCharsets.UTF_8)
				.stream()
				.filter((line) -> line.startsWith("RANGE "))
				.map((line) -> line.split(" "))
				.map((parts) -> new long[] { Long.parseLong(parts[1]), Long.parseLong(parts[2]) })
				.toList();
		}

		List<List<Long>> idsPerThread() {
			return new ArrayList<>(this.idsByThread.values());
		}

	}

}
