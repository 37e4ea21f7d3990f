package io.github.idgen.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * What the lease figures programs share: order statistics over nanosecond samples, their formatting
 * as milliseconds, running a task on a few threads, child JVMs on this jar, and the machine line.
 */
final class Figures {

	private Figures() {
	}

	static long median(List<Long> values) {
		return quantile(values, 0.5);
	}

	/** The nearest-rank quantile; 0 when there are no values. */
	static long quantile(List<Long> values, double q) {
		if (values.isEmpty()) {
			return 0;
		}
		long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
		int rank = (int) Math.ceil(q * sorted.length) - 1;
		return sorted[Math.max(0, Math.min(sorted.length - 1, rank))];
	}

	static long max(List<Long> values) {
		return values.stream().mapToLong(Long::longValue).max().orElse(0);
	}

	/** {@code median (min..max)} in milliseconds. */
	static String spread(List<Long> values) {
		return ms(median(values)) + " (" + ms(values.stream().mapToLong(Long::longValue).min().orElse(0)) + ".."
				+ ms(max(values)) + ")";
	}

	/** Nanoseconds as milliseconds: two decimals below 10 ms, none above. */
	static String ms(long nanos) {
		double millis = nanos / 1e6;
		return (millis < 10 ? String.format(Locale.ROOT, "%.2f ms", millis)
				: String.format(Locale.ROOT, "%.0f ms", millis));
	}

	/**
	 * Prints a Markdown table of timed runs: one row per run (each column's value in milliseconds, then
	 * the run's note), then a row of medians.
	 * @param headings the timing columns' headings
	 * @param columns one list of nanoseconds per heading, a value per run
	 * @param boldMedian whether each column's median is bold (the figure the table is about)
	 * @param notes one note per run, for the last column ("lease")
	 */
	static void printRuns(List<String> headings, List<List<Long>> columns, List<Boolean> boldMedian,
			List<String> notes) {
		System.out.println("| run | " + String.join(" | ", headings) + " | lease |");
		System.out.println("| --- |" + " --- |".repeat(headings.size()) + " --- |");
		for (int run = 0; run < notes.size(); run++) {
			StringBuilder row = new StringBuilder("| " + (run + 1) + " | ");
			for (List<Long> column : columns) {
				row.append(ms(column.get(run))).append(" | ");
			}
			System.out.println(row.append(notes.get(run)).append(" |"));
		}
		StringBuilder medians = new StringBuilder("| **median** | ");
		for (int c = 0; c < columns.size(); c++) {
			String median = ms(median(columns.get(c)));
			medians.append(boldMedian.get(c) ? "**" + median + "**" : median).append(" | ");
		}
		System.out.println(medians.append("|"));
	}

	/** Runs {@code task(0..count-1)} on {@code threads} threads; a failing index is reported, not fatal. */
	static void parallel(int threads, int count, IntConsumerWithException task) throws InterruptedException {
		AtomicInteger next = new AtomicInteger();
		List<Thread> workers = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			Thread worker = new Thread(() -> {
				for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
					try {
						task.accept(i);
					}
					catch (Exception ex) {
						System.err.println("Closing leaser " + i + " failed: " + ex);
					}
				}
			});
			workers.add(worker);
			worker.start();
		}
		for (Thread worker : workers) {
			worker.join();
		}
	}

	@FunctionalInterface
	interface IntConsumerWithException {

		void accept(int value) throws Exception;

	}

	/** The command that runs {@code main} of a class of this jar in a new JVM. */
	static List<String> javaCommand(Class<?> main, String... args) {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
				main.getName()));
		command.addAll(List.of(args));
		return command;
	}

	/**
	 * Reads a child's output (stdout and stderr merged) until a line matches, and returns that line;
	 * fails with the whole output if the child ends first.
	 */
	static String awaitLine(Process process, Predicate<String> wanted) throws IOException {
		StringBuilder output = new StringBuilder();
		BufferedReader reader = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
		for (String line = reader.readLine(); line != null; line = reader.readLine()) {
			output.append(line).append('\n');
			if (wanted.test(line)) {
				// keep draining, so that the child never blocks on a full pipe
				Thread drain = new Thread(() -> drain(reader), "drain " + process.pid());
				drain.setDaemon(true);
				drain.start();
				return line;
			}
		}
		throw new IllegalStateException("Child JVM " + process.pid() + " ended without the expected line:\n" + output);
	}

	private static void drain(BufferedReader reader) {
		try {
			while (reader.readLine() != null) {
				// the child's further output is of no interest
			}
		}
		catch (IOException ex) {
			// the child is gone and its stream closed
		}
	}

	static String machine() {
		Runtime runtime = Runtime.getRuntime();
		return "JVM " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + ", "
				+ runtime.availableProcessors() + " processors, max heap " + (runtime.maxMemory() >> 20) + " MiB.";
	}

	static long rssKb() {
		try {
			for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
				if (line.startsWith("VmRSS:")) {
					return Long.parseLong(line.replaceAll("[^0-9]", ""));
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// not on Linux: no figure
		}
		return 0;
	}

}
