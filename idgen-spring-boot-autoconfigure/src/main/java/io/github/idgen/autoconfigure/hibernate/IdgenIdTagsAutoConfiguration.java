package io.github.idgen.autoconfigure.hibernate;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.idgen.autoconfigure.redis.RedisSegmentStoreAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentTagsCheck;
import io.github.idgen.hibernate.IdgenId;
import io.github.idgen.segment.SegmentStore;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.metamodel.EntityType;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Checks at start-up that the segment tag of every {@code @IdgenId(tag = …)} attribute of the mapped
 * entities exists in the context's {@link SegmentStore}: the generator takes its tag's ids on first use
 * (the database need not be ready while Hibernate starts), so without this check a missing tag answered
 * the first insert with an error, long after the start.
 */
@AutoConfiguration(after = { SegmentIdServicesAutoConfiguration.class, RedisSegmentStoreAutoConfiguration.class },
		afterName = "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration")
@ConditionalOnClass(name = { "org.hibernate.SessionFactory", "jakarta.persistence.EntityManagerFactory" })
@ConditionalOnBean({ SegmentStore.class, EntityManagerFactory.class })
public final class IdgenIdTagsAutoConfiguration {

	@Bean
	SegmentTagsCheck idgenIdTagsCheck(ObjectProvider<EntityManagerFactory> factories, SegmentStore store) {
		return new SegmentTagsCheck(store, "the @IdgenId mappings", () -> {
			Map<String, String> tags = new LinkedHashMap<>();
			factories.orderedStream()
				.flatMap((factory) -> factory.getMetamodel().getEntities().stream())
				.map(EntityType::getJavaType)
				.distinct()
				.forEach((entity) -> collectTags(entity, tags));
			return tags;
		});
	}

	// the generator reads @IdgenId from the mapped id attribute, a field or a getter, of the entity or a
	// mapped superclass
	private static void collectTags(Class<?> entity, Map<String, String> tags) {
		for (Class<?> type = entity; type != null && type != Object.class; type = type.getSuperclass()) {
			List<AnnotatedElement> members = new ArrayList<>(List.of(type.getDeclaredFields()));
			members.addAll(List.of(type.getDeclaredMethods()));
			for (AnnotatedElement member : members) {
				IdgenId annotation = member.getAnnotation(IdgenId.class);
				if (annotation != null && !annotation.tag().isEmpty()) {
					tags.putIfAbsent("@IdgenId on " + entity.getName() + "." + name(member), annotation.tag());
				}
			}
		}
	}

	private static String name(AnnotatedElement member) {
		return (member instanceof Field field) ? field.getName() : ((Method) member).getName();
	}

}
