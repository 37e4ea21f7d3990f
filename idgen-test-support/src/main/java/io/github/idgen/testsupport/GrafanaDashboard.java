package io.github.idgen.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Prometheus queries of a Grafana dashboard (its JSON model, parsed by the caller) and a check of them
 * against what real scrapes hold: every metric a query reads must be in a scrape, with every label the query
 * selects, groups or matches it by.
 */
public final class GrafanaDashboard {

	/** The row of the template variables' queries. */
	public static final String VARIABLES = "variables";

	private GrafanaDashboard() {
	}

	/**
	 * A query of the dashboard.
	 * @param row the title of the row the panel is in ({@value #VARIABLES} for a template variable, empty above
	 * the first row)
	 * @param panel the panel's title, or the variable's name
	 * @param expression the PromQL expression, or the variable's {@code label_values(...)} query
	 */
	public record Query(String row, String panel, String expression) {

		@Override
		public String toString() {
			return this.row + " / " + this.panel + ": " + this.expression;
		}

	}

	/**
	 * A file of the repository, found from the working directory up (a module's directory when Maven runs its
	 * tests).
	 * @param relative the file's path from the repository's root, such as {@code dashboards/idgen.json}
	 * @return its path
	 * @throws IllegalStateException if no directory up from here has it
	 */
	public static Path inRepository(String relative) {
		for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
			if (Files.isRegularFile(dir.resolve(relative))) {
				return dir.resolve(relative);
			}
		}
		throw new IllegalStateException("No " + relative + " in " + Path.of("").toAbsolutePath() + " or above");
	}

	/**
	 * The queries of a dashboard: each panel target's {@code expr}, the panels of a collapsed row included, each
	 * in the row above it in the layout, and each template variable's query.
	 * @param dashboard the dashboard's JSON model as maps and lists
	 * @return its queries
	 */
	@SuppressWarnings("unchecked")
	public static List<Query> queries(Map<String, Object> dashboard) {
		List<Query> queries = new ArrayList<>();
		List<Map<String, Object>> panels = new ArrayList<>(list(dashboard.get("panels")));
		// rows group the panels below them on screen, whatever the order of the list
		panels.sort(Comparator.comparingInt((Map<String, Object> panel) -> position(panel, "y"))
			.thenComparingInt((panel) -> position(panel, "x")));
		String row = "";
		for (Map<String, Object> panel : panels) {
			if ("row".equals(panel.get("type"))) {
				row = String.valueOf(panel.get("title"));
				for (Map<String, Object> collapsed : list(panel.get("panels"))) {
					addTargets(queries, row, collapsed);
				}
			}
			else {
				addTargets(queries, row, panel);
			}
		}
		Map<String, Object> templating = (Map<String, Object>) dashboard.getOrDefault("templating", Map.of());
		for (Map<String, Object> variable : list(templating.get("list"))) {
			if (!"query".equals(variable.get("type"))) {
				continue;
			}
			Object query = variable.get("query");
			if (query instanceof Map<?, ?> map) {
				query = map.get("query");
			}
			queries.add(new Query(VARIABLES, String.valueOf(variable.get("name")), String.valueOf(query)));
		}
		return queries;
	}

	/**
	 * Checks queries against scrapes.
	 * @param queries the queries
	 * @param scrape what the scrapes held, together
	 * @param targetLabels labels Prometheus adds to every series it scrapes ({@code job}, {@code instance}),
	 * which no exposition carries
	 * @return one line per metric missing from the scrapes and per label missing from a metric; empty if every
	 * query reads only what exists
	 */
	public static List<String> problems(List<Query> queries, PrometheusScrape scrape, Set<String> targetLabels) {
		List<String> problems = new ArrayList<>();
		for (Query query : queries) {
			List<PromQlReferences.Reference> references;
			try {
				references = PromQlReferences.references(query.expression());
			}
			catch (IllegalArgumentException ex) {
				problems.add(query + ": " + ex.getMessage());
				continue;
			}
			if (references.isEmpty()) {
				problems.add(query + ": reads no metric");
			}
			for (PromQlReferences.Reference reference : references) {
				Set<String> labels = scrape.metrics().get(reference.metric());
				if (labels == null) {
					problems.add(query + ": no metric " + reference.metric() + " in the scrapes" + similar(scrape,
							reference.metric()));
					continue;
				}
				for (String label : reference.labels()) {
					if (!labels.contains(label) && !targetLabels.contains(label)) {
						problems.add(query + ": metric " + reference.metric() + " has no label " + label
								+ " (it has " + labels + ")");
					}
				}
			}
		}
		return problems;
	}

	/** The scraped metrics that share the missing one's first two words, which a typo or a unit suffix hides. */
	private static String similar(PrometheusScrape scrape, String metric) {
		String[] words = metric.split("_");
		String prefix = (words.length > 1) ? words[0] + "_" + words[1] + "_" : metric;
		List<String> similar = scrape.metrics().keySet().stream().filter((name) -> name.startsWith(prefix)).toList();
		return similar.isEmpty() ? "" : " (" + prefix + "* there: " + String.join(", ", similar) + ")";
	}

	@SuppressWarnings("unchecked")
	private static void addTargets(List<Query> queries, String row, Map<String, Object> panel) {
		for (Map<String, Object> target : list(panel.get("targets"))) {
			Object expr = target.get("expr");
			if (expr != null) {
				queries.add(new Query(row, String.valueOf(panel.get("title")), String.valueOf(expr)));
			}
		}
	}

	@SuppressWarnings("unchecked")
	private static int position(Map<String, Object> panel, String axis) {
		Object gridPos = panel.get("gridPos");
		if (gridPos instanceof Map<?, ?> map && map.get(axis) instanceof Number number) {
			return number.intValue();
		}
		return 0;
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> list(Object value) {
		return (value instanceof List<?> list) ? (List<Map<String, Object>>) list : List.of();
	}

}
