package io.github.idgen.client;

import java.util.HashMap;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads the scalar members of one JSON object with Jackson's streaming parser: strings, numbers,
 * booleans as text; nulls left out; nested objects and arrays skipped. Jackson's core alone, without
 * databind: an answer is a handful of members read once, and a plain-Java application takes no more
 * than the one jar along.
 */
final class FlatJson {

	private static final JsonFactory FACTORY = new JsonFactory();

	private FlatJson() {
	}

	/**
	 * Reads an object.
	 * @param text the JSON text
	 * @return its scalar members by name ({@code null} as a missing key)
	 * @throws IllegalArgumentException if the text is not one JSON object
	 */
	static Map<String, String> read(String text) {
		Map<String, String> members = new HashMap<>();
		try (JsonParser parser = FACTORY.createParser(text)) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				throw notAnObject("it does not start with '{'");
			}
			for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
				String name = parser.currentName();
				JsonToken value = parser.nextToken();
				if (value.isStructStart()) {
					parser.skipChildren();
				}
				else if (value != JsonToken.VALUE_NULL) {
					members.put(name, parser.getString());
				}
			}
			if (parser.nextToken() != null) {
				throw notAnObject("more follows the object");
			}
		}
		catch (JacksonException ex) {
			throw new IllegalArgumentException("not a JSON object: " + ex.getOriginalMessage(), ex);
		}
		return members;
	}

	private static IllegalArgumentException notAnObject(String why) {
		return new IllegalArgumentException("not a JSON object: " + why);
	}

}
