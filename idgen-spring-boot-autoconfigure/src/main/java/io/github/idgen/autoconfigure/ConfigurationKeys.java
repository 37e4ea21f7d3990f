package io.github.idgen.autoconfigure;

import java.beans.PropertyDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.util.ClassUtils;

/**
 * idgen's configuration keys, as the configuration metadata on the class path lists them
 * ({@code META-INF/spring-configuration-metadata.json}, which the build generates from the
 * {@code @ConfigurationProperties} classes, and {@code additional-spring-configuration-metadata.json}
 * for the keys only conditions read), deprecated keys included. A key of a map whose values are objects
 * ({@code xxx.common.generators.<name>.*}) is known by the map's value type's properties; under a map of
 * plain values or a list, anything is.
 */
final class ConfigurationKeys {

	static final String PREFIX = "xxx.common.";

	private static final String[] LOCATIONS = { "META-INF/spring-configuration-metadata.json",
			"META-INF/additional-spring-configuration-metadata.json" };

	private static final Pattern MAP = Pattern.compile("java\\.util\\.(?:Linked)?(?:Hash)?Map<[^,]+,(.+)>");

	private final List<Key> keys;

	private ConfigurationKeys(List<Key> keys) {
		this.keys = keys;
	}

	/**
	 * Reads the keys under {@code xxx.common} from every metadata file the class loader sees.
	 */
	static ConfigurationKeys load(@Nullable ClassLoader classLoader) {
		Map<String, Key> keys = new LinkedHashMap<>();
		ClassLoader loader = (classLoader != null) ? classLoader : ConfigurationKeys.class.getClassLoader();
		for (String location : LOCATIONS) {
			for (Map<String, Object> property : properties(loader, location)) {
				Object name = property.get("name");
				if (name instanceof String key && key.startsWith(PREFIX)) {
					add(keys, key, (String) property.get("type"), loader);
				}
			}
		}
		return new ConfigurationKeys(List.copyOf(keys.values()));
	}

	private static void add(Map<String, Key> keys, String name, @Nullable String type, ClassLoader loader) {
		List<String> elements = uniform(List.of(name.split("\\.")));
		java.util.regex.Matcher map = (type != null) ? MAP.matcher(type.replace(" ", "")) : null;
		Class<?> valueType = (map != null && map.matches()) ? load(map.group(1), loader) : null;
		if (valueType != null && !BeanUtils.isSimpleValueType(valueType) && !Map.class.isAssignableFrom(valueType)
				&& !Collection.class.isAssignableFrom(valueType)) {
			// a map of objects: its user-chosen names, then the object's properties
			for (PropertyDescriptor property : BeanUtils.getPropertyDescriptors(valueType)) {
				if (property.getWriteMethod() != null) {
					String dashed = DataObjectPropertyName.toDashedForm(property.getName());
					List<String> nested = new ArrayList<>(elements);
					nested.add("*");
					nested.addAll(uniform(List.of(dashed)));
					String display = name + ".<name>." + dashed;
					keys.putIfAbsent(display, new Key(display, nested,
							!BeanUtils.isSimpleValueType(property.getPropertyType())));
				}
			}
			return;
		}
		boolean container = (type != null) && (type.endsWith("[]") || type.startsWith("java.util."));
		keys.putIfAbsent(name, new Key(name, elements, container));
	}

	private static @Nullable Class<?> load(String name, ClassLoader loader) {
		try {
			return ClassUtils.forName(name, loader);
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return null;
		}
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> properties(ClassLoader loader, String location) {
		List<Map<String, Object>> properties = new ArrayList<>();
		try {
			Enumeration<URL> resources = loader.getResources(location);
			while (resources.hasMoreElements()) {
				String json;
				try (InputStream in = resources.nextElement().openStream()) {
					json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
				}
				if (!json.contains("\"" + PREFIX)) {
					// every Spring Boot jar has its metadata, none of idgen's keys: parsing them all cost
					// more at start-up than the rest of the check
					continue;
				}
				Object listed = JsonParserFactory.getJsonParser().parseMap(json).get("properties");
				if (listed instanceof List<?> list) {
					list.stream().filter(Map.class::isInstance).forEach((p) -> properties.add((Map<String, Object>) p));
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read the configuration metadata " + location, ex);
		}
		return properties;
	}

	/**
	 * Says whether a key is one of idgen's, in any relaxed form.
	 * @param elements the key's parts in their uniform form (lower case, letters and digits only)
	 * @param joined whether the parts were joined by underscores, as in an environment variable, whose
	 * dashes cannot be told from dots: then only the letters and digits are compared
	 */
	boolean isKnown(List<String> elements, boolean joined) {
		for (Key key : this.keys) {
			if (joined ? key.matchesJoined(String.join("", elements)) : key.matches(elements)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Returns the known key nearest to an unknown one, as users write it.
	 * @param remainder the unknown key's parts after its prefix ({@code xxx.common} or {@code idgen}), as
	 * written
	 */
	String nearest(List<String> remainder) {
		String wanted = String.join("", uniform(remainder));
		String nearest = "";
		int best = Integer.MAX_VALUE;
		for (Key key : this.keys) {
			String display = key.display(remainder);
			int distance = distance(wanted,
					String.join("", uniform(List.of(display.substring(PREFIX.length()).split("\\.")))));
			if (distance < best) {
				best = distance;
				nearest = display;
			}
		}
		return nearest;
	}

	/** The parts of a key in their uniform form: lower case, letters and digits only. */
	static List<String> uniform(List<String> parts) {
		return parts.stream()
			.map((part) -> part.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9*<>]", ""))
			.collect(Collectors.toList());
	}

	/** Levenshtein's edit distance. */
	private static int distance(String a, String b) {
		int[] previous = new int[b.length() + 1];
		int[] current = new int[b.length() + 1];
		for (int j = 0; j <= b.length(); j++) {
			previous[j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			current[0] = i;
			for (int j = 1; j <= b.length(); j++) {
				int substitution = previous[j - 1] + ((a.charAt(i - 1) == b.charAt(j - 1)) ? 0 : 1);
				current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
			}
			int[] swap = previous;
			previous = current;
			current = swap;
		}
		return previous[b.length()];
	}

	/**
	 * A known key.
	 *
	 * @param display as users write it, {@code <name>} for a map's user-chosen name
	 * @param elements its parts in their uniform form, {@code *} for a map's user-chosen name
	 * @param descendants whether keys below it are known too (a map of plain values, a list)
	 */
	private record Key(String display, List<String> elements, boolean descendants) {

		boolean matches(List<String> name) {
			if (name.size() < this.elements.size() || (name.size() > this.elements.size() && !this.descendants)) {
				return false;
			}
			for (int i = 0; i < this.elements.size(); i++) {
				String element = this.elements.get(i);
				if (!element.equals("*") && !element.equals(name.get(i))) {
					return false;
				}
			}
			return true;
		}

		boolean matchesJoined(String name) {
			String regex = this.elements.stream()
				.map((element) -> element.equals("*") ? "[a-z0-9]+" : Pattern.quote(element))
				.collect(Collectors.joining()) + (this.descendants ? "[a-z0-9]*" : "");
			return name.matches(regex);
		}

		/** As users write it, with the unknown key's own name where this one has a map's. */
		String display(List<String> unknown) {
			int name = this.elements.indexOf("*");
			// the parts of the unknown key line up with this one's after the prefix (xxx, common)
			int at = name - 2;
			if (name < 0 || at >= unknown.size() || unknown.size() != this.elements.size() - 2) {
				return this.display;
			}
			return this.display.replace("<name>", unknown.get(at));
		}

	}

}
