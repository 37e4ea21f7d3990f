package io.github.idgen.testsupport;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The metrics a PromQL expression reads and the labels it needs each of them to carry: the label names of
 * its selectors ({@code m{a="x"}}), of the {@code by}, {@code without}, {@code on}, {@code ignoring} and
 * {@code group_left}/{@code group_right} clauses over it, and the label of a Grafana {@code label_values(m, l)}
 * variable query. Grafana's variables ({@code $job}, {@code ${tag}}, {@code $__rate_interval}) may stand
 * wherever a string or a range may.
 * <p>
 * A tokenizer with the grammar's few structural rules, not an evaluator: an identifier right before
 * {@code (} is a function or an aggregation, one of PromQL's keywords is none, and any other identifier is a
 * metric. A clause's labels go to the metrics of the expression it groups: for {@code by}/{@code without}
 * the aggregation's argument, for a vector matching clause the whole expression (an over-approximation:
 * such a label must then be on every metric of it).
 */
public final class PromQlReferences {

	private static final Set<String> AGGREGATIONS = Set.of("sum", "min", "max", "avg", "group", "stddev", "stdvar",
			"count", "count_values", "bottomk", "topk", "quantile", "limitk", "limit_ratio");

	private static final Set<String> KEYWORDS = Set.of("by", "without", "on", "ignoring", "group_left",
			"group_right", "bool", "and", "or", "unless", "offset", "atan2", "inf", "nan", "start", "end");

	private static final Set<String> CLAUSES = Set.of("by", "without", "on", "ignoring", "group_left", "group_right");

	private PromQlReferences() {
	}

	/**
	 * A metric an expression reads, with the labels the expression needs on it.
	 * @param metric the metric's name as Prometheus exposes it ({@code idgen_ids_issued_total})
	 * @param labels the label names the expression selects, groups or matches it by
	 */
	public record Reference(String metric, Set<String> labels) {
	}

	/**
	 * Reads an expression.
	 * @param expression a PromQL expression, or a Grafana {@code label_values(...)} variable query
	 * @return the metrics it reads, in order of appearance, each once per selector
	 * @throws IllegalArgumentException if the expression does not tokenize, or its parentheses or braces do not
	 * match
	 */
	public static List<Reference> references(String expression) {
		List<Token> tokens = tokenize(expression);
		int[] closing = matchParentheses(tokens, expression);
		// label names of clauses and of label_values: never metrics, and added to the metrics of their scope
		Set<Integer> labelTokens = new HashSet<>();
		List<int[]> scopes = new ArrayList<>();
		List<Set<String>> scopeLabels = new ArrayList<>();
		for (int i = 0; i < tokens.size(); i++) {
			Token token = tokens.get(i);
			if (token.kind != Kind.IDENTIFIER || !next(tokens, i, Kind.OPEN_PAREN)) {
				continue;
			}
			int close = closing[i + 1];
			if (token.text.equals("label_values")) {
				Token label = tokens.get(close - 1);
				if (label.kind != Kind.IDENTIFIER || close - 2 <= i + 1 || tokens.get(close - 2).kind != Kind.COMMA) {
					throw new IllegalArgumentException("label_values(...) does not end in ', label': " + expression);
				}
				labelTokens.add(close - 1);
				scopes.add(new int[] { i + 1, close - 2 });
				scopeLabels.add(Set.of(label.text));
			}
			else if (CLAUSES.contains(token.text)) {
				Set<String> clause = new LinkedHashSet<>();
				for (int j = i + 2; j < close; j++) {
					if (tokens.get(j).kind == Kind.IDENTIFIER) {
						clause.add(tokens.get(j).text);
						labelTokens.add(j);
					}
					else if (tokens.get(j).kind != Kind.COMMA) {
						throw new IllegalArgumentException("Not a label list after " + token.text + " in: " + expression);
					}
				}
				scopes.add(scope(tokens, closing, i, close, token.text));
				scopeLabels.add(clause);
			}
		}
		List<Integer> positions = new ArrayList<>();
		List<Set<String>> labels = new ArrayList<>();
		List<String> metrics = new ArrayList<>();
		for (int i = 0; i < tokens.size(); i++) {
			Token token = tokens.get(i);
			if (token.kind == Kind.OPEN_BRACE) {
				i = selector(tokens, i, null, positions, metrics, labels, expression);
			}
			else if (token.kind == Kind.IDENTIFIER && !labelTokens.contains(i) && !KEYWORDS.contains(token.text)
					&& !AGGREGATIONS.contains(token.text) && !next(tokens, i, Kind.OPEN_PAREN)) {
				if (next(tokens, i, Kind.OPEN_BRACE)) {
					i = selector(tokens, i + 1, token.text, positions, metrics, labels, expression);
				}
				else {
					positions.add(i);
					metrics.add(token.text);
					labels.add(new LinkedHashSet<>());
				}
			}
		}
		for (int s = 0; s < scopes.size(); s++) {
			addToMetricsWithin(scopes.get(s)[0], scopes.get(s)[1], scopeLabels.get(s), positions, labels);
		}
		List<Reference> references = new ArrayList<>();
		for (int i = 0; i < metrics.size(); i++) {
			references.add(new Reference(metrics.get(i), Set.copyOf(labels.get(i))));
		}
		return references;
	}

	/** The token range a clause's labels apply to. */
	private static int[] scope(List<Token> tokens, int[] closing, int clause, int clauseClose, String name) {
		if (name.equals("by") || name.equals("without")) {
			if (clause > 0 && tokens.get(clause - 1).kind == Kind.CLOSE_PAREN) {
				// sum(x) by (l): the argument ends right before the clause
				int close = clause - 1;
				for (int open = 0; open < close; open++) {
					if (closing[open] == close) {
						return new int[] { open, close };
					}
				}
			}
			if (next(tokens, clauseClose, Kind.OPEN_PAREN)) {
				// sum by (l) (x)
				return new int[] { clauseClose + 1, closing[clauseClose + 1] };
			}
		}
		return new int[] { -1, tokens.size() };
	}

	private static void addToMetricsWithin(int from, int to, Set<String> add, List<Integer> positions,
			List<Set<String>> labels) {
		for (int m = 0; m < positions.size(); m++) {
			if (positions.get(m) > from && positions.get(m) < to) {
				labels.get(m).addAll(add);
			}
		}
	}

	/** Reads {@code {l op "v", ...}} from its brace on; returns the index of the closing brace. */
	private static int selector(List<Token> tokens, int brace, @Nullable String metric, List<Integer> positions,
			List<String> metrics, List<Set<String>> labels, String expression) {
		Set<String> names = new LinkedHashSet<>();
		@Nullable String named = metric;
		int i = brace + 1;
		while (i < tokens.size() && tokens.get(i).kind != Kind.CLOSE_BRACE) {
			Token label = tokens.get(i);
			Token operator = (i + 1 < tokens.size()) ? tokens.get(i + 1) : null;
			Token value = (i + 2 < tokens.size()) ? tokens.get(i + 2) : null;
			if (label.kind != Kind.IDENTIFIER || operator == null || operator.kind != Kind.OPERATOR
					|| !Set.of("=", "!=", "=~", "!~").contains(operator.text) || value == null
					|| value.kind != Kind.STRING) {
				throw new IllegalArgumentException("Not a label matcher at '" + label.text + "' in: " + expression);
			}
			if (label.text.equals("__name__") && operator.text.equals("=")) {
				named = value.text;
			}
			else {
				names.add(label.text);
			}
			i += 3;
			if (i < tokens.size() && tokens.get(i).kind == Kind.COMMA) {
				i++;
			}
		}
		if (i >= tokens.size()) {
			throw new IllegalArgumentException("Unclosed '{' in: " + expression);
		}
		if (named == null) {
			throw new IllegalArgumentException("A selector without a metric name (or __name__=\"...\") in: " + expression);
		}
		positions.add(brace);
		metrics.add(named);
		labels.add(names);
		return i;
	}

	private static boolean next(List<Token> tokens, int i, Kind kind) {
		return i + 1 < tokens.size() && tokens.get(i + 1).kind == kind;
	}

	private static int[] matchParentheses(List<Token> tokens, String expression) {
		int[] closing = new int[tokens.size()];
		List<Integer> open = new ArrayList<>();
		for (int i = 0; i < tokens.size(); i++) {
			if (tokens.get(i).kind == Kind.OPEN_PAREN) {
				open.add(i);
			}
			else if (tokens.get(i).kind == Kind.CLOSE_PAREN) {
				if (open.isEmpty()) {
					throw new IllegalArgumentException("Unmatched ')' in: " + expression);
				}
				closing[open.remove(open.size() - 1)] = i;
			}
		}
		if (!open.isEmpty()) {
			throw new IllegalArgumentException("Unmatched '(' in: " + expression);
		}
		return closing;
	}

	private enum Kind {

		IDENTIFIER, STRING, NUMBER, OPEN_PAREN, CLOSE_PAREN, OPEN_BRACE, CLOSE_BRACE, COMMA, OPERATOR, RANGE

	}

	private record Token(Kind kind, String text) {
	}

	private static List<Token> tokenize(String expression) {
		List<Token> tokens = new ArrayList<>();
		int i = 0;
		while (i < expression.length()) {
			char c = expression.charAt(i);
			if (Character.isWhitespace(c)) {
				i++;
			}
			else if (c == '#') {
				// a comment, to the end of the line
				while (i < expression.length() && expression.charAt(i) != '\n') {
					i++;
				}
			}
			else if (c == '"' || c == '\'' || c == '`') {
				StringBuilder text = new StringBuilder();
				int j = i + 1;
				while (j < expression.length() && expression.charAt(j) != c) {
					if (expression.charAt(j) == '\\' && c != '`' && j + 1 < expression.length()) {
						j++;
					}
					text.append(expression.charAt(j));
					j++;
				}
				if (j >= expression.length()) {
					throw new IllegalArgumentException("Unclosed string in: " + expression);
				}
				tokens.add(new Token(Kind.STRING, text.toString()));
				i = j + 1;
			}
			else if (c == '[') {
				// a range or subquery: a duration or a Grafana variable such as $__rate_interval
				int j = expression.indexOf(']', i);
				if (j < 0) {
					throw new IllegalArgumentException("Unclosed '[' in: " + expression);
				}
				tokens.add(new Token(Kind.RANGE, expression.substring(i, j + 1)));
				i = j + 1;
			}
			else if (c == '$') {
				// a Grafana variable where a value stands: $name or ${name}
				int j = i + 1;
				if (j < expression.length() && expression.charAt(j) == '{') {
					j = expression.indexOf('}', j) + 1;
				}
				else {
					while (j < expression.length() && isNamePart(expression.charAt(j))) {
						j++;
					}
				}
				tokens.add(new Token(Kind.NUMBER, expression.substring(i, j)));
				i = j;
			}
			else if (Character.isLetter(c) || c == '_' || c == ':') {
				int j = i;
				while (j < expression.length() && (isNamePart(expression.charAt(j)) || expression.charAt(j) == ':')) {
					j++;
				}
				tokens.add(new Token(Kind.IDENTIFIER, expression.substring(i, j)));
				i = j;
			}
			else if (Character.isDigit(c) || (c == '.' && i + 1 < expression.length()
					&& Character.isDigit(expression.charAt(i + 1)))) {
				int j = i;
				while (j < expression.length() && (isNamePart(expression.charAt(j)) || expression.charAt(j) == '.')) {
					j++;
				}
				tokens.add(new Token(Kind.NUMBER, expression.substring(i, j)));
				i = j;
			}
			else {
				i = punctuation(expression, i, tokens);
			}
		}
		return tokens;
	}

	private static int punctuation(String expression, int i, List<Token> tokens) {
		char c = expression.charAt(i);
		switch (c) {
			case '(' -> tokens.add(new Token(Kind.OPEN_PAREN, "("));
			case ')' -> tokens.add(new Token(Kind.CLOSE_PAREN, ")"));
			case '{' -> tokens.add(new Token(Kind.OPEN_BRACE, "{"));
			case '}' -> tokens.add(new Token(Kind.CLOSE_BRACE, "}"));
			case ',' -> tokens.add(new Token(Kind.COMMA, ","));
			default -> {
				for (String operator : List.of("=~", "!~", "!=", "==", ">=", "<=", "=", ">", "<", "+", "-", "*", "/",
						"%", "^", "@")) {
					if (expression.startsWith(operator, i)) {
						tokens.add(new Token(Kind.OPERATOR, operator));
						return i + operator.length();
					}
				}
				throw new IllegalArgumentException("Unexpected '" + c + "' at " + i + " in: " + expression);
			}
		}
		return i + 1;
	}

	private static boolean isNamePart(char c) {
		return Character.isLetterOrDigit(c) || c == '_';
	}

}
