package io.github.idgen.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;


/**
 * Turns the CSV of an {@link IdBenchmarks} run ({@code -rf csv}, units µs) into the Markdown tables
 * of {@code docs/benchmarks.md}: throughput in ids/s with its share of the Snowflake ceiling,
 * sampled latency in ns per id, and the project's targets checked against them.
 * <p>
 * {@code java -cp benchmarks.jar io.github.idgen.benchmarks.ResultTables result.csv}
 */
public final class ResultTables {

	/** One worker id issues at most 4096 ids per millisecond. */
	static final double CEILING = 4_096_000;

	private static final Map<String, String> ROWS = new LinkedHashMap<>();

	static {
		ROWS.put("idgenTwitterNextId", "idgen `IdServiceTwitter.nextId()`");
		ROWS.put("idgenProxyNextId", "idgen `IdServiceProxy.nextId()` (live ZooKeeper lease)");
		ROWS.put("idgenJdbcProxyNextId", "idgen `IdServiceProxy.nextId()` (live JDBC lease, in-memory H2)");
		ROWS.put("idgenProxyMeteredNextId", "idgen `IdServiceProxy.nextId()`, Spring Boot app with Micrometer meters bound");
		ROWS.put("idgenTwitterNextIds1000", "idgen `IdServiceTwitter.nextIds(1000)`, per id");
		ROWS.put("hutoolNextId", "Hutool `Snowflake.nextId()`");
		ROWS.put("cosidNextId", "CosId `MillisecondSnowflakeId.generate()`");
		ROWS.put("mybatisPlusNextId", "MyBatis-Plus `Sequence.nextId()`");
		ROWS.put("atomicLongFloor", "`AtomicLong.incrementAndGet()` (floor, no ceiling)");
		ROWS.put("uncappedTwitterNextId", "uncapped clock: `IdServiceTwitter.nextId()`");
		ROWS.put("uncappedProxyNextId", "uncapped clock: `IdServiceProxy.nextId()`");
		ROWS.put("uncappedJdbcProxyNextId", "uncapped clock: `IdServiceProxy.nextId()`, JDBC lease");
		ROWS.put("uncappedTwitterNextIds1000", "uncapped clock: `IdServiceTwitter.nextIds(1000)`, per id");
	}

	private static final String[] PEERS = { "hutoolNextId", "cosidNextId", "mybatisPlusNextId" };

	private static final String[] PERCENTILES = { "p0.50", "p0.99", "p0.999", "p0.9999", "p1.00" };

	private ResultTables() {
	}

	public static void main(String[] args) throws IOException {
		Map<String, Row> rows = read(Path.of(args[0]));
		StringBuilder out = new StringBuilder();
		throughput(rows, out);
		latency(rows, out);
		targets(rows, out);
		jdbcBesideZooKeeper(rows, out);
		System.out.print(out);
	}

	/** A CSV line: name (short benchmark name, threads and mode), score and error in µs units. */
	record Row(double score, double error, long samples) {
	}

	static Map<String, Row> read(Path csv) throws IOException {
		Map<String, Row> rows = new LinkedHashMap<>();
		List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
		for (String line : lines.subList(1, lines.size())) {
			String[] cells = line.split(",");
			String benchmark = unquote(cells[0]);
			String mode = unquote(cells[1]);
			String threads = cells[2];
			// io.github.idgen.benchmarks.IdBenchmarks.OneThread.idgenTwitterNextId[:p0.99]
			String name = benchmark.replaceFirst("^.*\\.IdBenchmarks\\.[A-Za-z]+\\.", "");
			rows.put(name + "/" + threads + "/" + mode,
					new Row(Double.parseDouble(cells[4]), parse(cells[5]), Long.parseLong(cells[3])));
		}
		return rows;
	}

	private static double parse(String cell) {
		return "NaN".equals(cell) ? Double.NaN : Double.parseDouble(cell);
	}

	private static String unquote(String cell) {
		return cell.replace("\"", "");
	}

	private static void throughput(Map<String, Row> rows, StringBuilder out) {
		out.append("| benchmark | 1 thread: ids/s ± error | % of ceiling | 2 threads: ids/s ± error | % of ceiling |\n");
		out.append("| --- | ---: | ---: | ---: | ---: |\n");
		for (Map.Entry<String, String> entry : ROWS.entrySet()) {
			out.append("| ").append(entry.getValue());
			for (String threads : new String[] { "1", "2" }) {
				Row row = rows.get(entry.getKey() + "/" + threads + "/thrpt");
				if (row == null) {
					out.append(" | – | –");
					continue;
				}
				double perSecond = row.score() * 1e6;
				double error = row.error() * 1e6;
				out.append(" | ").append(String.format(Locale.ROOT, "%,.0f ± %,.0f", perSecond, error));
				out.append(" | ").append(String.format(Locale.ROOT, "%.2f %% ± %.2f", 100 * perSecond / CEILING,
						100 * error / CEILING));
			}
			out.append(" |\n");
		}
		out.append("\n");
	}

	private static void latency(Map<String, Row> rows, StringBuilder out) {
		out.append("| benchmark | threads | mean ± error | p50 | p99 | p99.9 | p99.99 | max | samples |\n");
		out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
		for (Map.Entry<String, String> entry : ROWS.entrySet()) {
			for (String threads : new String[] { "1", "2" }) {
				Row mean = rows.get(entry.getKey() + "/" + threads + "/sample");
				if (mean == null) {
					continue;
				}
				out.append("| ").append(entry.getValue()).append(" | ").append(threads).append(" | ");
				out.append(ns(mean.score())).append(" ± ").append(ns(mean.error()));
				for (String percentile : PERCENTILES) {
					Row row = rows.get(entry.getKey() + ":" + percentile + "/" + threads + "/sample");
					out.append(" | ").append(row == null ? "–" : ns(row.score()));
				}
				out.append(" | ").append(String.format(Locale.ROOT, "%,d", mean.samples())).append(" |\n");
			}
		}
		out.append("\n");
	}

	private static void targets(Map<String, Row> rows, StringBuilder out) {
		out.append("| target | measured | met? |\n");
		out.append("| --- | --- | --- |\n");
		for (String threads : new String[] { "1", "2" }) {
			Row twitter = rows.get("idgenTwitterNextId/" + threads + "/thrpt");
			Row proxy = rows.get("idgenProxyNextId/" + threads + "/thrpt");
			Row batch = rows.get("idgenTwitterNextIds1000/" + threads + "/thrpt");
			if (twitter == null || proxy == null || batch == null) {
				continue;
			}
			double share = twitter.score() * 1e6 / CEILING;
			out.append(row("`IdServiceTwitter.nextId()` ≥ 99.5 % of the ceiling, " + threads + " thread(s)",
					percent(share), share >= 0.995));
			String best = null;
			for (String peer : PEERS) {
				Row candidate = rows.get(peer + "/" + threads + "/thrpt");
				if (candidate != null && (best == null
						|| candidate.score() > rows.get(best + "/" + threads + "/thrpt").score())) {
					best = peer;
				}
			}
			if (best != null) {
				Row peer = rows.get(best + "/" + threads + "/thrpt");
				double gap = peer.score() - twitter.score();
				double errors = Math.sqrt(sq(peer.error()) + sq(twitter.error()));
				out.append(row("`IdServiceTwitter.nextId()` not below the best peer by more than the error, " + threads
						+ " thread(s)", "best peer " + best + ": " + percent(peer.score() * 1e6 / CEILING) + "; idgen "
						+ percent(share) + "; difference " + String.format(Locale.ROOT, "%,.0f", gap * 1e6)
						+ " ids/s, combined error " + String.format(Locale.ROOT, "%,.0f", errors * 1e6),
						gap <= errors));
			}
			double ratio = proxy.score() / twitter.score();
			out.append(row("`IdServiceProxy` within 1 % of `IdServiceTwitter`, " + threads + " thread(s)",
					String.format(Locale.ROOT, "proxy / twitter = %.4f", ratio), Math.abs(1 - ratio) <= 0.01));
			Row metered = rows.get("idgenProxyMeteredNextId/" + threads + "/thrpt");
			if (metered != null) {
				double meteredRatio = metered.score() / twitter.score();
				out.append(row("metrics on within 1 % of `IdServiceTwitter`, " + threads + " thread(s)",
						String.format(Locale.ROOT, "metered / twitter = %.4f", meteredRatio),
						Math.abs(1 - meteredRatio) <= 0.01));
			}
			double batchShare = batch.score() * 1e6 / CEILING;
			out.append(row("`nextIds(1000)` ≥ 99.5 % of the ceiling, " + threads + " thread(s)", percent(batchShare),
					batchShare >= 0.995));
			Row uncappedSingle = rows.get("uncappedTwitterNextId/" + threads + "/thrpt");
			Row uncappedBatch = rows.get("uncappedTwitterNextIds1000/" + threads + "/thrpt");
			if (uncappedSingle != null && uncappedBatch != null) {
				// CPU time per id: the inverse of the uncapped throughput (per thread, all threads busy)
				out.append(row("`nextIds(1000)` cheaper per id than `nextId()` (uncapped clock: thread-time per id), "
						+ threads + " thread(s)", String.format(Locale.ROOT, "%.1f ns vs %.1f ns per id",
								Integer.parseInt(threads) * 1000 / uncappedBatch.score(),
								Integer.parseInt(threads) * 1000 / uncappedSingle.score()),
						uncappedBatch.score() > uncappedSingle.score()));
			}
			Row latency = rows.get("idgenTwitterNextId:p0.999/" + threads + "/sample");
			String bestLatency = null;
			for (String peer : PEERS) {
				Row candidate = rows.get(peer + ":p0.999/" + threads + "/sample");
				if (candidate != null && (bestLatency == null
						|| candidate.score() < rows.get(bestLatency + ":p0.999/" + threads + "/sample").score())) {
					bestLatency = peer;
				}
			}
			if (latency != null && bestLatency != null) {
				Row peer = rows.get(bestLatency + ":p0.999/" + threads + "/sample");
				out.append(row("p99.9 of `nextId()` no worse than the best peer's, " + threads + " thread(s)",
						"idgen " + ns(latency.score()) + ", best peer " + bestLatency + " " + ns(peer.score()),
						latency.score() <= peer.score()));
			}
		}
		out.append("\n");
	}

	/**
	 * The proxy with a JDBC lease against the proxy with a ZooKeeper lease, from the same run: the
	 * lease's backend is off the {@code nextId()} path, so the two must be equal within the error.
	 */
	private static void jdbcBesideZooKeeper(Map<String, Row> rows, StringBuilder out) {
		StringBuilder table = new StringBuilder();
		for (String[] pair : new String[][] { { "idgenJdbcProxyNextId", "idgenProxyNextId" },
				{ "uncappedJdbcProxyNextId", "uncappedProxyNextId" } }) {
			for (String threads : new String[] { "1", "2" }) {
				Row jdbc = rows.get(pair[0] + "/" + threads + "/thrpt");
				Row zookeeper = rows.get(pair[1] + "/" + threads + "/thrpt");
				if (jdbc == null || zookeeper == null) {
					continue;
				}
				double gap = Math.abs(jdbc.score() - zookeeper.score());
				double errors = Math.sqrt(sq(jdbc.error()) + sq(zookeeper.error()));
				table.append(row("`" + pair[0] + "` equal to `" + pair[1] + "` within the error, " + threads
						+ " thread(s)", String.format(Locale.ROOT,
								"jdbc / zookeeper = %.4f; %.3f ± %.3f vs %.3f ± %.3f ids/µs; difference %.3f, combined error %.3f",
								jdbc.score() / zookeeper.score(), jdbc.score(), jdbc.error(), zookeeper.score(),
								zookeeper.error(), gap, errors), gap <= errors));
			}
		}
		if (!table.isEmpty()) {
			out.append("| target | measured | met? |\n");
			out.append("| --- | --- | --- |\n");
			out.append(table).append("\n");
		}
	}

	private static String row(String target, String measured, boolean met) {
		return "| " + target + " | " + measured + " | " + (met ? "yes" : "**no**") + " |\n";
	}

	private static double sq(double value) {
		return Double.isNaN(value) ? 0 : value * value;
	}

	private static String percent(double share) {
		return String.format(Locale.ROOT, "%.2f %%", 100 * share);
	}

	/** µs to a readable ns figure. */
	private static String ns(double micros) {
		double nanos = micros * 1000;
		if (Double.isNaN(nanos)) {
			return "–";
		}
		if (nanos >= 1_000_000) {
			return String.format(Locale.ROOT, "%,.1f ms", nanos / 1e6);
		}
		if (nanos >= 10_000) {
			return String.format(Locale.ROOT, "%,.0f µs", nanos / 1e3);
		}
		return String.format(Locale.ROOT, "%,.0f ns", nanos);
	}

}
