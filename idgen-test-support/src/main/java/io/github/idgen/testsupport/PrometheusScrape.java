package io.github.idgen.testsupport;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a scrape of Prometheus' text exposition format (an {@code /actuator/prometheus} answer) holds: each
 * series' metric name ({@code idgen_ids_issued_total}, {@code http_server_requests_seconds_bucket}) with the
 * label names its series carry, values aside.
 */
public final class PrometheusScrape {

	private final Map<String, Set<String>> labels = new TreeMap<>();

	private PrometheusScrape() {
	}

	/**
	 * Parses a scrape.
	 * @param exposition the text format, version 0.0.4 or OpenMetrics
	 * @return its metrics and their labels
	 * @throws IllegalArgumentException if a sample line does not parse
	 */
	public static PrometheusScrape parse(String exposition) {
		PrometheusScrape scrape = new PrometheusScrape();
		for (String line : exposition.split("\n")) {
			String sample = line.strip();
			if (sample.isEmpty() || sample.startsWith("#")) {
				continue;
			}
			int end = 0;
			while (end < sample.length() && sample.charAt(end) != '{' && !Character.isWhitespace(sample.charAt(end))) {
				end++;
			}
			String name = sample.substring(0, end);
			if (name.isEmpty() || end == sample.length()) {
				throw new IllegalArgumentException("Not a sample line: " + line);
			}
			Set<String> names = scrape.labels.computeIfAbsent(name, (metric) -> new TreeSet<>());
			if (sample.charAt(end) == '{') {
				readLabels(sample, end + 1, names);
			}
		}
		return scrape;
	}

	/** Reads {@code a="x",b="y"}, values with backslash escapes, up to the closing brace. */
	private static void readLabels(String sample, int from, Set<String> names) {
		int i = from;
		while (i < sample.length() && sample.charAt(i) != '}') {
			int equals = sample.indexOf('=', i);
			if (equals < 0 || equals + 1 >= sample.length() || sample.charAt(equals + 1) != '"') {
				throw new IllegalArgumentException("Not a label at " + i + ": " + sample);
			}
			names.add(sample.substring(i, equals).strip());
			int j = equals + 2;
			while (j < sample.length() && sample.charAt(j) != '"') {
				j += (sample.charAt(j) == '\\') ? 2 : 1;
			}
			if (j >= sample.length()) {
				throw new IllegalArgumentException("Unclosed label value: " + sample);
			}
			i = j + 1;
			if (i < sample.length() && sample.charAt(i) == ',') {
				i++;
			}
		}
		if (i >= sample.length()) {
			throw new IllegalArgumentException("Unclosed '{': " + sample);
		}
	}

	/**
	 * The scrape's metrics.
	 * @return each metric name with the label names of its series, sorted
	 */
	public Map<String, Set<String>> metrics() {
		return this.labels;
	}

	/**
	 * This scrape and others together.
	 * @param other another scrape
	 * @return the metrics of both, each with the labels it has in either
	 */
	public PrometheusScrape and(PrometheusScrape other) {
		PrometheusScrape both = new PrometheusScrape();
		for (PrometheusScrape scrape : new PrometheusScrape[] { this, other }) {
			scrape.labels.forEach((name, names) -> both.labels.computeIfAbsent(name, (metric) -> new TreeSet<>())
				.addAll(names));
		}
		return both;
	}

}
