package io.github.idgen.autoconfigure.hibernate;

import io.github.idgen.hibernate.IdgenIdMappingException;
import io.github.idgen.info.Documentation;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains an {@code @IdgenId} entity attribute that cannot get ids.
 */
class IdgenIdFailureAnalyzer extends AbstractFailureAnalyzer<IdgenIdMappingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, IdgenIdMappingException cause) {
		String action = switch (cause.getProblem()) {
			case ID_TYPE -> "Declare the id attribute as Long or long, or remove @IdgenId from it.";
			case NO_BEAN_CONTAINER -> "Build the EntityManagerFactory through Spring: Spring Boot's JPA"
					+ " auto-configuration, or a LocalContainerEntityManagerFactoryBean with a HibernateJpaVendorAdapter,"
					+ " sets Hibernate's bean container to the application context (the setting"
					+ " 'hibernate.resource.beans.container', a SpringBeanContainer).";
			case NO_SEGMENT_IDS -> "Turn segment mode on with xxx.common.segment-enabled=true (it needs a DataSource)"
					+ " and insert the tag's row into the segment table (" + Documentation.section("segments.md",
							"the-table")
					+ "), or remove the tag from"
					+ " @IdgenId to take ids from the IdService bean.";
			case NO_GENERATORS -> "Depend on idgen-spring-boot-starter, whose auto-configuration defines the"
					+ " IdGenerators bean from xxx.common.generators.<name>.*, or define one IdGenerators bean yourself.";
			case UNKNOWN_GENERATOR -> "Configure the generator (for example xxx.common.generators.<name>.layout="
					+ "javascript-safe, " + Documentation.section("layouts.md", "named-generators")
					+ "), or correct the name in @IdgenId(generator = ...).";
			case TAG_AND_GENERATOR -> "Keep one of them in @IdgenId: tag for segment ids, generator for a named"
					+ " generator's ids.";
			case SHARD_BY_WITHOUT_SHARD_BITS -> "Give the generator shard bits (xxx.common.generators.<name>.shard-bits,"
					+ " " + Documentation.section("layouts.md", "shard-bits")
					+ ") for ids that carry the attribute's shard, or remove shardBy from @IdgenId.";
			case SHARD_BY_MISSING -> "Name the entity attribute whose shard the ids carry, such as @IdgenId(generator ="
					+ " \"orders\", shardBy = \"userId\"), or use a generator without shard-bits.";
			case SHARD_BY_ATTRIBUTE -> "Name in shardBy a persistent attribute of the entity holding a whole number"
					+ " (such as a Long user id; not a float, double or BigDecimal) or a String (such as a user name).";
			case NO_ID_SERVICE -> "Depend on idgen-spring-boot-starter, whose auto-configuration defines the"
					+ " IdService bean, or define one IdService bean yourself; if you define several, mark the one"
					+ " for entity ids @Primary.";
		};
		return new FailureAnalysis(cause.getMessage(), action, cause);
	}

}
