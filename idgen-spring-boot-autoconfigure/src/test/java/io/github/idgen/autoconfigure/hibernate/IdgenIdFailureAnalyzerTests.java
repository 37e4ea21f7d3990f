package io.github.idgen.autoconfigure.hibernate;

import io.github.idgen.hibernate.IdgenIdMappingException;
import io.github.idgen.hibernate.IdgenIdMappingException.Problem;
import io.github.idgen.hibernate.badentities.Coupon;
import io.github.idgen.hibernate.entities.Invoice;
import io.github.idgen.hibernate.tagged.Ticket;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@link IdgenIdFailureAnalyzer} on the failures of real Hibernate start-ups.
 */
class IdgenIdFailureAnalyzerTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class))
		.withPropertyValues("spring.datasource.url=jdbc:h2:mem:idgen_failure_analyzer", "spring.jpa.hibernate.ddl-auto=none");

	@Test
	void idOfAnotherTypeIsExplainedWithTheAttributeAndTheFix() {
		this.runner.withUserConfiguration(BadEntities.class)
			.withBean(IdService.class, () -> new IdServiceTwitter(1, 0))
			.run((context) -> {
				FailureAnalysis analysis = new IdgenIdFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains(Coupon.class.getName() + ".code", "java.lang.String");
				assertThat(analysis.getAction()).contains("Long or long");
			});
	}

	@Test
	void missingIdServiceIsExplainedWithTheStarter() {
		this.runner.withUserConfiguration(GoodEntities.class).run((context) -> {
			FailureAnalysis analysis = new IdgenIdFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains(Invoice.class.getName() + ".id", "IdService");
			assertThat(analysis.getAction()).contains("idgen-spring-boot-starter", "IdService bean");
		});
	}

	@Test
	void aTagWithoutSegmentModeIsExplainedWithTheSegmentSwitch() {
		this.runner.withUserConfiguration(TaggedEntities.class).run((context) -> {
			FailureAnalysis analysis = new IdgenIdFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains(Ticket.class.getName() + ".id", "SegmentIdServices");
			assertThat(analysis.getAction()).contains("xxx.common.segment-enabled=true", "remove the tag");
		});
	}

	@Test
	void hibernateWithoutSpringIsExplainedWithTheBeanContainerSetting() {
		Throwable failure = catchThrowable(() -> new Configuration().addAnnotatedClass(Invoice.class)
			.setProperty("hibernate.connection.url", "jdbc:h2:mem:idgen_failure_analyzer_plain")
			.buildSessionFactory()
			.close());
		FailureAnalysis analysis = new IdgenIdFailureAnalyzer().analyze(failure);
		assertThat(analysis.getDescription()).contains("no bean container");
		assertThat(analysis.getAction()).contains("hibernate.resource.beans.container", "HibernateJpaVendorAdapter");
	}

	@Test
	void shardByMismatchesAreExplainedWithTheKeyOrTheAttribute() {
		assertThat(action(Problem.SHARD_BY_WITHOUT_SHARD_BITS)).contains("xxx.common.generators.<name>.shard-bits",
				"remove shardBy");
		assertThat(action(Problem.SHARD_BY_MISSING)).contains("shardBy = \"userId\"", "without shard-bits");
		assertThat(action(Problem.SHARD_BY_ATTRIBUTE)).contains("a whole number", "not a float, double or BigDecimal",
				"or a String");
	}

	private static String action(Problem problem) {
		IdgenIdMappingException failure = new IdgenIdMappingException(problem, "@IdgenId on Order.id ...");
		FailureAnalysis analysis = new IdgenIdFailureAnalyzer().analyze(failure);
		assertThat(analysis.getDescription()).isEqualTo("@IdgenId on Order.id ...");
		return analysis.getAction();
	}

	@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Invoice.class)
	static class GoodEntities {

	}

	@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Ticket.class)
	static class TaggedEntities {

	}

	@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Coupon.class)
	static class BadEntities {

	}

}
