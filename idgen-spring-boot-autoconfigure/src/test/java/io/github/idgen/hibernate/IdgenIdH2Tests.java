package io.github.idgen.hibernate;

import io.github.idgen.hibernate.IdgenIdMappingException.Problem;
import io.github.idgen.hibernate.entities.Invoice;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link IdgenId} on an in-memory H2 database.
 */
class IdgenIdH2Tests extends AbstractIdgenIdHibernateTests {

	@Override
	protected String[] datasourceProperties(String name) {
		return new String[] { "spring.datasource.url=jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1",
				"spring.datasource.username=sa" };
	}

	@Test
	void hibernateBuiltWithoutSpringFailsNamingTheMissingBeanContainer() {
		Configuration configuration = new Configuration().addAnnotatedClass(Invoice.class)
			.setProperty("hibernate.connection.url", "jdbc:h2:mem:idgen_plain_hibernate")
			.setProperty("hibernate.connection.username", "sa");
		assertThatExceptionOfType(IdgenIdMappingException.class).isThrownBy(() -> {
			try (SessionFactory factory = configuration.buildSessionFactory()) {
				factory.getSchemaManager();
			}
		})
			.satisfies((ex) -> assertThat(ex.getProblem())
				.isEqualTo(Problem.NO_BEAN_CONTAINER))
			.withMessage("@IdgenId on " + Invoice.class.getName() + ".id needs the IdService bean of the application,"
					+ " but Hibernate has no bean container to take it from.");
	}

}
