package io.github.idgen.server;

import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.stereotype.Component;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The components the server names are those a scan of its packages finds in its own classes, no
 * more, no fewer: a new controller or configuration that is not listed would never be created.
 */
class ServerComponentsTests {

	@Test
	void theNamedComponentsAreThoseAScanOfTheServersClassesFinds() {
		Set<String> scanned = new ComponentsWhateverTheirConditions().findCandidateComponents("io.github.idgen.server")
			.stream()
			.filter(ServerComponentsTests::isMainClass)
			.map(BeanDefinition::getBeanClassName)
			.filter((name) -> !name.equals(IdgenServerApplication.class.getName()))
			// a nested configuration comes with the one it is nested in, as its member
			.filter((name) -> !name.contains("$"))
			.collect(Collectors.toSet());
		assertThat(scanned).contains("io.github.idgen.server.api.V1IdsController");
		assertThat(new ServerComponents().selectImports(AnnotationMetadata.introspect(IdgenServerApplication.class)))
			.containsExactlyInAnyOrderElementsOf(scanned);
	}

	/** What a scan finds, its components' conditions not evaluated (the demo's depend on the mode). */
	private static final class ComponentsWhateverTheirConditions extends ClassPathScanningCandidateComponentProvider {

		ComponentsWhateverTheirConditions() {
			super(false);
			addIncludeFilter(new AnnotationTypeFilter(Component.class));
		}

		@Override
		protected boolean isCandidateComponent(MetadataReader reader) {
			AnnotationMetadata metadata = reader.getAnnotationMetadata();
			return metadata.hasAnnotation(Component.class.getName())
					|| metadata.hasMetaAnnotation(Component.class.getName());
		}

	}

	/** Not one of the tests' own configurations, which the same packages hold. */
	private static boolean isMainClass(BeanDefinition definition) {
		try {
			Class<?> type = Class.forName(definition.getBeanClassName());
			return !type.getProtectionDomain().getCodeSource().getLocation().getPath().contains("test-classes");
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
