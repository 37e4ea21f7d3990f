package io.github.idgen.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Turns the CSVs of {@link SegmentBenchmarks} runs ({@code -rf csv -tu us}) into the Markdown tables of {@code docs/benchmarks.md}. Each file is one round of the
 * whole set with one fork per benchmark; a figure is the mean of the rounds, with the lowest and
 * highest, so that a machine whose load changes during the run spreads it over every generator.
 * <p>
 * {@code java -cp benchmarks.jar io.github.idgen.benchmarks.SegmentTables round1.csv round2.csv ...}
 */
public final class SegmentTables {

	private static final Map<String, String> GENERATORS = new LinkedHashMap<>();

	static {
		GENERATORS.put("atomicLongFloor", "`AtomicLong`");
		GENERATORS.put("idgenSegmentHeldServiceNextId", "idgen `nextId()`, held service");
		GENERATORS.put("idgenSegmentForTagNextId", "idgen `forTag(tag).nextId()`");
		GENERATORS.put("cosidDefaultSegmentId", "CosId `DefaultSegmentId`");
		GENERATORS.put("cosidSegmentChainId", "CosId `SegmentChainId`");
	}

	private SegmentTables() {
	}

	public static void main(String[] args) throws IOException {
		Map<String, List<Double>> figures = new LinkedHashMap<>();
		TreeSet<Long> steps = new TreeSet<>();
		TreeSet<Long> pauses = new TreeSet<>();
		for (String file : args) {
			List<String> lines = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
			for (String line : lines.subList(1, lines.size())) {
				String[] cells = line.replace("\"", "").split(",", -1);
				// io.github.idgen.benchmarks.SegmentBenchmarks.OneThread.cosidDefaultSegmentId[:ranges]
				String name = cells[0].replaceFirst("^.*\\.SegmentBenchmarks\\.[A-Za-z]+\\.", "");
				long pause = cells[7].isEmpty() ? -1 : Long.parseLong(cells[7]);
				long step = cells[8].isEmpty() ? -1 : Long.parseLong(cells[8]);
				if (step > 0) {
					steps.add(step);
					pauses.add(pause);
				}
				// sampled times in ns whatever the run's time unit; throughput in ops/µs (-tu us), M ids/s
				double scale = switch (cells[6]) {
					case "us/op" -> 1e3;
					case "ms/op" -> 1e6;
					default -> 1;
				};
				figures.computeIfAbsent(key(name, cells[2], cells[1], step, pause), (k) -> new ArrayList<>())
					.add(Double.parseDouble(cells[4]) * scale);
			}
		}
		StringBuilder out = new StringBuilder();
		for (long pause : pauses) {
			for (String mode : new String[] { "thrpt", "sample" }) {
				table(figures, steps, pause, mode, out);
			}
		}
		System.out.print(out);
	}

	/**
	 * One table: a row per step and thread count, a column per generator; throughput in M ids/s or
	 * p99.9 in ns, with the ranges taken per trial; a store that pauses adds the limit.
	 */
	private static void table(Map<String, List<Double>> figures, TreeSet<Long> steps, long pause, String mode,
			StringBuilder out) {
		boolean throughput = mode.equals("thrpt");
		out.append(String.format(Locale.ROOT, "%s, allocation %s, mean of the rounds (lowest..highest), ranges per trial:%n%n",
				throughput ? "M ids/s" : "p99.9", (pause == 0) ? "at once" : (pause / 1000) + " µs"));
		out.append("| step | threads");
		GENERATORS.values().forEach((name) -> out.append(" | ").append(name));
		out.append(throughput ? " | idgen ÷ `AtomicLong` | idgen ÷ better CosId |\n" : " |\n");
		out.append("| ---: | ---:").append(" | ---:".repeat(GENERATORS.size() + (throughput ? 2 : 0))).append(" |\n");
		for (long step : steps) {
			for (String threads : new String[] { "1", "2" }) {
				out.append(String.format(Locale.ROOT, "| %,d | %s", step, threads));
				for (String generator : GENERATORS.keySet()) {
					boolean floor = generator.equals("atomicLongFloor");
					String name = throughput ? generator : generator + ":p0.999";
					List<Double> values = figures.get(key(name, threads, mode, floor ? -1 : step, floor ? -1 : pause));
					out.append(" | ").append((values == null) ? "–" : figure(values, throughput));
					List<Double> ranges = figures.get(key(generator + ":ranges", threads, mode, step, pause));
					List<Double> nanos = figures.get(key(generator + ":allocationNanos", threads, mode, step, pause));
					if (ranges != null) {
						double perTrial = mean(ranges);
						out.append(String.format(Locale.ROOT, " (%s)", count(perTrial)));
						// CosId's chain merges steps into one allocation when it runs dry: no limit of step-sized ranges
						if (throughput && pause > 0 && nanos != null && perTrial > 0 && !generator.equals("cosidSegmentChainId")) {
							double allocationMicros = mean(nanos) / perTrial / 1000;
							out.append(String.format(Locale.ROOT, ", %.0f µs per allocation: %.0f %% of the limit",
									allocationMicros, 100 * mean(values) / (step / allocationMicros)));
						}
					}
				}
				if (throughput) {
					double idgen = mean(figures.get(key("idgenSegmentHeldServiceNextId", threads, mode, step, pause)));
					List<Double> floor = figures.get(key("atomicLongFloor", threads, mode, -1, -1));
					double cosid = Math.max(mean(figures.get(key("cosidDefaultSegmentId", threads, mode, step, pause))),
							mean(figures.get(key("cosidSegmentChainId", threads, mode, step, pause))));
					out.append(String.format(Locale.ROOT, " | %s | %.2f", (floor != null) ? String.format(Locale.ROOT, "%.2f",
							idgen / mean(floor)) : "–", idgen / cosid));
				}
				out.append(" |\n");
			}
		}
		out.append("\n");
	}

	private static String key(String name, String threads, String mode, long step, long pause) {
		return name + "/" + threads + "/" + mode + "/" + step + "/" + pause;
	}

	private static String figure(List<Double> values, boolean throughput) {
		double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		String format = throughput ? "%.1f" : "%,.0f";
		String mean = String.format(Locale.ROOT, format, mean(values));
		if (sorted.length == 1) {
			return mean;
		}
		return mean + " (" + String.format(Locale.ROOT, format, sorted[0]) + ".."
				+ String.format(Locale.ROOT, format, sorted[sorted.length - 1]) + ")";
	}

	private static String count(double value) {
		if (value >= 1e6) {
			return String.format(Locale.ROOT, "%.1f M", value / 1e6);
		}
		return (value >= 1e4) ? String.format(Locale.ROOT, "%.0f k", value / 1e3) : String.format(Locale.ROOT, "%.0f", value);
	}

	private static double mean(List<Double> values) {
		return (values == null) ? Double.NaN : Arrays.stream(values.stream().mapToDouble(Double::doubleValue).toArray()).average()
			.orElse(Double.NaN);
	}

}
