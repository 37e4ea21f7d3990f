package io.github.idgen.client;

import java.util.HashMap;
import java.util.Map;

/**
 * Reads the scalar members of one JSON object: strings (unescaped), numbers, booleans and null as
 * text; nested objects and arrays are skipped. Strict about everything else.
 */
final class FlatJson {

	private final String text;

	private int at;

	private FlatJson(String text) {
		this.text = text;
	}

	/**
	 * Reads an object.
	 * @param text the JSON text
	 * @return its scalar members by name ({@code null} as a missing key)
	 * @throws IllegalArgumentException if the text is not one JSON object
	 */
	static Map<String, String> read(String text) {
		FlatJson json = new FlatJson(text);
		Map<String, String> members = new HashMap<>();
		json.expect('{');
		if (!json.consume('}')) {
			do {
				String name = json.string();
				json.expect(':');
				String value = json.value();
				if (value != null) {
					members.put(name, value);
				}
			}
			while (json.consume(','));
			json.expect('}');
		}
		json.skipSpace();
		if (json.at != text.length()) {
			throw json.error("end of input");
		}
		return members;
	}

	/** A scalar as text, or null for null and skipped containers. */
	private String value() {
		skipSpace();
		char c = peek();
		if (c == '"') {
			return string();
		}
		if (c == '{' || c == '[') {
			skipContainer();
			return null;
		}
		int start = this.at;
		while (this.at < this.text.length() && "+-.0123456789eEtrufalsn".indexOf(this.text.charAt(this.at)) >= 0) {
			this.at++;
		}
		if (start == this.at) {
			throw error("a value");
		}
		String literal = this.text.substring(start, this.at);
		return "null".equals(literal) ? null : literal;
	}

	private String string() {
		expect('"');
		StringBuilder value = new StringBuilder();
		for (;;) {
			char c = next();
			if (c == '"') {
				return value.toString();
			}
			if (c != '\\') {
				value.append(c);
				continue;
			}
			char escaped = next();
			switch (escaped) {
				case '"', '\\', '/' -> value.append(escaped);
				case 'b' -> value.append('\b');
				case 'f' -> value.append('\f');
				case 'n' -> value.append('\n');
				case 'r' -> value.append('\r');
				case 't' -> value.append('\t');
				case 'u' -> {
					if (this.at + 4 > this.text.length()) {
						throw error("four hex digits");
					}
					value.append((char) Integer.parseInt(this.text.substring(this.at, this.at + 4), 16));
					this.at += 4;
				}
				default -> throw error("an escape");
			}
		}
	}

	private void skipContainer() {
		int depth = 0;
		do {
			char c = peek();
			if (c == '"') {
				string();
				continue;
			}
			this.at++;
			if (c == '{' || c == '[') {
				depth++;
			}
			else if (c == '}' || c == ']') {
				depth--;
			}
		}
		while (depth > 0);
	}

	private void expect(char c) {
		if (!consume(c)) {
			throw error("'" + c + "'");
		}
	}

	private boolean consume(char c) {
		skipSpace();
		if (this.at < this.text.length() && this.text.charAt(this.at) == c) {
			this.at++;
			return true;
		}
		return false;
	}

	private char peek() {
		if (this.at >= this.text.length()) {
			throw error("more input");
		}
		return this.text.charAt(this.at);
	}

	private char next() {
		char c = peek();
		this.at++;
		return c;
	}

	private void skipSpace() {
		while (this.at < this.text.length() && Character.isWhitespace(this.text.charAt(this.at))) {
			this.at++;
		}
	}

	private IllegalArgumentException error(String expected) {
		return new IllegalArgumentException("not a JSON object: expected " + expected + " at character " + this.at);
	}

}
