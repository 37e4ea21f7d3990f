package io.github.idgen.autoconfigure;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import io.github.idgen.autoconfigure.health.IdgenHealthAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.mybatisplus.IdgenMybatisPlusAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfigureAfter;
import org.springframework.boot.autoconfigure.AutoConfigureBefore;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotationAttributes;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.annotation.MergedAnnotation.Adapt;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every auto-configuration of the imports file that names, in a bean condition or as a bean method's
 * argument, a bean that a lease mode's auto-configuration defines (the {@code IdService}, its
 * {@code IdServiceInfo}, the {@code ClusterDeployment}, …) is ordered after each of the four modes' by
 * the {@code after}/{@code before} of the annotations, directly or through others'. A condition sees
 * only the beans of auto-configurations ordered before it, and an order that the class names give
 * by chance holds only until an application brings other auto-configurations (MyBatis-Plus's names
 * sort first and pull ours in early).
 */
class AutoConfigurationOrderTests {

	private static final List<Class<?>> MODES = List.of(IdServiceAutoConfiguration.class,
			ClusterIdServiceAutoConfiguration.class, JdbcIdServiceAutoConfiguration.class,
			RedisIdServiceAutoConfiguration.class);

	private static final List<Class<? extends Annotation>> BEAN_CONDITIONS = List
		.of(ConditionalOnBean.class, ConditionalOnMissingBean.class, ConditionalOnSingleCandidate.class);

	private final ClassLoader classLoader = getClass().getClassLoader();

	@Test
	void everyAutoConfigurationThatUsesABeanOfALeaseModeIsOrderedAfterThatMode() {
		List<Class<?>> imported = ImportedAutoConfigurations.classesStartingWith("io.github.idgen.");
		assertThat(imported).containsAll(MODES);
		Map<String, Set<String>> orderedAfter = orderedAfter(imported);
		Set<Class<?>> users = new LinkedHashSet<>();
		List<String> unordered = new ArrayList<>();
		for (Class<?> autoConfiguration : imported) {
			if (MODES.contains(autoConfiguration)) {
				continue;
			}
			Set<Class<?>> defined = beansDefinedBy(autoConfiguration);
			for (Class<?> used : beansUsedBy(autoConfiguration)) {
				if (anyAssignableTo(used, defined)) {
					continue; // its own, or shared through the same imported configuration
				}
				for (Class<?> mode : MODES) {
					if (anyAssignableTo(used, beansDefinedBy(mode))) {
						users.add(autoConfiguration);
						if (!reachable(autoConfiguration.getName(), mode.getName(), orderedAfter)) {
							unordered.add(autoConfiguration.getSimpleName() + " uses " + used.getSimpleName()
									+ " but is not ordered after " + mode.getSimpleName());
						}
					}
				}
			}
		}
		// the check sees users by a class's condition and by a nested configuration's bean method
		assertThat(users).contains(IdgenHealthAutoConfiguration.class, IdGeneratorsAutoConfiguration.class,
				IdgenMybatisPlusAutoConfiguration.class);
		assertThat(unordered).isEmpty();
	}

	// for each auto-configuration, the ones it is declared to come after: its own after and afterName,
	// and every other whose before or beforeName names it
	private Map<String, Set<String>> orderedAfter(List<Class<?>> imported) {
		Map<String, Set<String>> orderedAfter = new HashMap<>();
		Deque<String> toRead = new ArrayDeque<>(imported.stream().map(Class::getName).toList());
		Set<String> read = new HashSet<>();
		while (!toRead.isEmpty()) {
			String name = toRead.pop();
			if (!read.add(name) || !ClassUtils.isPresent(name, this.classLoader)) {
				continue;
			}
			MergedAnnotations annotations = MergedAnnotations.from(ClassUtils.resolveClassName(name, this.classLoader));
			for (String after : names(annotations.get(AutoConfigureAfter.class))) {
				orderedAfter.computeIfAbsent(name, (key) -> new HashSet<>()).add(after);
				toRead.push(after);
			}
			for (String before : names(annotations.get(AutoConfigureBefore.class))) {
				orderedAfter.computeIfAbsent(before, (key) -> new HashSet<>()).add(name);
				toRead.push(before);
			}
		}
		return orderedAfter;
	}

	private static List<String> names(MergedAnnotation<?> annotation) {
		if (!annotation.isPresent()) {
			return List.of();
		}
		AnnotationAttributes attributes = annotation.asAnnotationAttributes(Adapt.CLASS_TO_STRING);
		List<String> names = new ArrayList<>(Arrays.asList(attributes.getStringArray("value")));
		names.addAll(Arrays.asList(attributes.getStringArray("name")));
		return names;
	}

	private static boolean reachable(String from, String to, Map<String, Set<String>> edges) {
		Deque<String> toVisit = new ArrayDeque<>(List.of(from));
		Set<String> visited = new HashSet<>();
		while (!toVisit.isEmpty()) {
			String name = toVisit.pop();
			if (name.equals(to)) {
				return true;
			}
			if (visited.add(name)) {
				toVisit.addAll(edges.getOrDefault(name, Set.of()));
			}
		}
		return false;
	}

	private static boolean anyAssignableTo(Class<?> type, Collection<Class<?>> candidates) {
		return candidates.stream().anyMatch(type::isAssignableFrom);
	}

	// the types of its bean methods, with those of its nested and imported configurations
	private Set<Class<?>> beansDefinedBy(Class<?> configuration) {
		Set<Class<?>> defined = new HashSet<>();
		forEachBeanMethod(configuration, (method) -> defined.add(method.getReturnType()));
		return defined;
	}

	// the types its bean conditions name and its bean methods take, with those of its nested and
	// imported configurations
	private Set<Class<?>> beansUsedBy(Class<?> configuration) {
		Set<Class<?>> used = new HashSet<>();
		forEachConfiguration(configuration, (type) -> used.addAll(conditionTypes(MergedAnnotations.from(type))));
		forEachBeanMethod(configuration, (method) -> {
			used.addAll(conditionTypes(MergedAnnotations.from(method)));
			for (int i = 0; i < method.getParameterCount(); i++) {
				ResolvableType parameter = ResolvableType.forMethodParameter(new MethodParameter(method, i));
				ResolvableType bean = ObjectProvider.class.equals(parameter.resolve()) ? parameter.getGeneric(0)
						: parameter;
				used.add(bean.toClass());
			}
		});
		return used;
	}

	private Set<Class<?>> conditionTypes(MergedAnnotations annotations) {
		Set<Class<?>> types = new HashSet<>();
		for (Class<? extends Annotation> condition : BEAN_CONDITIONS) {
			annotations.stream(condition).forEach((annotation) -> {
				AnnotationAttributes attributes = annotation.asAnnotationAttributes(Adapt.CLASS_TO_STRING);
				List<String> names = new ArrayList<>(Arrays.asList(attributes.getStringArray("value")));
				if (attributes.containsKey("type")) {
					Object type = attributes.get("type");
					names.addAll((type instanceof String[] array) ? Arrays.asList(array) : List.of((String) type));
				}
				names.stream()
					.filter((name) -> !name.isEmpty() && ClassUtils.isPresent(name, this.classLoader))
					.forEach((name) -> types.add(ClassUtils.resolveClassName(name, this.classLoader)));
			});
		}
		return types;
	}

	private void forEachBeanMethod(Class<?> configuration, Consumer<Method> action) {
		forEachConfiguration(configuration, (type) -> Arrays.stream(type.getDeclaredMethods())
			.filter((method) -> MergedAnnotations.from(method).isPresent(Bean.class))
			.forEach(action));
	}

	private void forEachConfiguration(Class<?> configuration, Consumer<Class<?>> action) {
		action.accept(configuration);
		for (Class<?> nested : configuration.getDeclaredClasses()) {
			forEachConfiguration(nested, action);
		}
		MergedAnnotations.from(configuration).stream(Import.class).forEach((annotation) -> {
			for (Class<?> imported : annotation.getClassArray("value")) {
				forEachConfiguration(imported, action);
			}
		});
	}

}
