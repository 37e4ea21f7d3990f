package io.github.idgen.autoconfigure;

import java.util.List;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.util.ClassUtils;

/**
 * The auto-configurations that the classpath's {@code AutoConfiguration.imports} files list, as an
 * application's start-up finds them. A test that lists the auto-configurations it wants by hand
 * orders them by their own annotations only, and can miss an ordering defect that shows only among
 * all of them (such as MyBatis-Plus's, whose names sort first and pull in ours that they follow).
 */
public final class ImportedAutoConfigurations {

	private ImportedAutoConfigurations() {
	}

	/**
	 * Auto-configurations of the imports files whose class names start with one of the prefixes, for
	 * {@code ApplicationContextRunner.withConfiguration}, which sorts them as Spring Boot does.
	 * @param prefixes package prefixes, such as {@code "io.github.idgen."}
	 * @return the auto-configurations
	 */
	public static AutoConfigurations startingWith(String... prefixes) {
		return AutoConfigurations.of(classesStartingWith(prefixes).toArray(Class<?>[]::new));
	}

	/**
	 * Auto-configuration classes of the imports files whose names start with one of the prefixes, in
	 * the order of the files.
	 * @param prefixes package prefixes, such as {@code "io.github.idgen."}
	 * @return the classes
	 */
	public static List<Class<?>> classesStartingWith(String... prefixes) {
		ClassLoader classLoader = ImportedAutoConfigurations.class.getClassLoader();
		return ImportCandidates.load(AutoConfiguration.class, classLoader)
			.getCandidates()
			.stream()
			.filter((name) -> startsWithAny(name, prefixes))
			.<Class<?>>map((name) -> ClassUtils.resolveClassName(name, classLoader))
			.toList();
	}

	private static boolean startsWithAny(String name, String... prefixes) {
		for (String prefix : prefixes) {
			if (name.startsWith(prefix)) {
				return true;
			}
		}
		return false;
	}

}
