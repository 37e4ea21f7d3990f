package io.github.idgen.hibernate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import javax.sql.DataSource;

import io.github.idgen.autoconfigure.IdGeneratorsAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.hibernate.IdgenIdTagsAutoConfiguration;
import io.github.idgen.autoconfigure.segment.MissingSegmentTagsException;
import io.github.idgen.autoconfigure.segment.MissingSegmentTagsFailureAnalyzer;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentSchemaInitializer;
import io.github.idgen.hibernate.IdgenIdMappingException.Problem;
import io.github.idgen.hibernate.badentities.Coupon;
import io.github.idgen.hibernate.conflicting.Parcel;
import io.github.idgen.hibernate.entities.Invoice;
import io.github.idgen.hibernate.entities.LedgerEntry;
import io.github.idgen.hibernate.named.Shipment;
import io.github.idgen.hibernate.repositories.InvoiceRepository;
import io.github.idgen.hibernate.tagged.Ticket;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.RecordingIdService;
import io.github.idgen.snowflake.SnowflakeLayout;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ContextConsumer;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests {@link IdgenId} with a real Hibernate {@code EntityManagerFactory}, built by Spring Boot's JPA
 * auto-configuration, on the database of the subclass. Each context gets a database of its own.
 */
abstract class AbstractIdgenIdHibernateTests {

	private static final AtomicInteger databases = new AtomicInteger();

	/**
	 * Returns the {@code spring.datasource.*} properties of an empty database for one context.
	 * @param name a name unique to the test run, usable as a database name
	 * @return the properties, {@code key=value}
	 */
	protected abstract String[] datasourceProperties(String name);

	private ApplicationContextRunner runner(Class<?> entities) {
		String name = "idgen_" + getClass().getSimpleName().toLowerCase() + "_" + databases.incrementAndGet();
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class))
			.withUserConfiguration(entities)
			.withPropertyValues(datasourceProperties(name))
			.withPropertyValues("spring.jpa.hibernate.ddl-auto=create-drop");
	}

	private ApplicationContextRunner runner(RecordingIdService idService) {
		return runner(GoodEntities.class).withBean(IdService.class, () -> idService);
	}

	@Test
	void persistedEntitiesGetIdsFromTheIdServiceBean() {
		RecordingIdService idService = new RecordingIdService(3);
		runner(idService).run((context) -> {
			List<Invoice> invoices = persist(context, Invoice::new, "A-1", "A-2", "A-3");
			assertThat(invoices).extracting(Invoice::getId).containsExactlyElementsOf(idService.issued());
			assertThat(idService.issued()).hasSize(3);
			try (EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager()) {
				Invoice read = em.find(Invoice.class, invoices.get(1).getId());
				assertThat(read.getNumber()).isEqualTo("A-2");
			}
		});
	}

	@Test
	void entitiesGetIdsFromTheAutoConfiguredIdService() {
		runner(GoodEntities.class).withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class))
			.withPropertyValues("xxx.common.id-worker-id=7", "xxx.common.id-data-center-id=2")
			.run((context) -> {
				long id = persist(context, Invoice::new, "B-1").get(0).getId();
				assertThat(SnowflakeLayout.TWITTER.decompose(id)).satisfies((parts) -> {
					assertThat(parts.workerId()).isEqualTo(7);
					assertThat(parts.datacenterId()).isEqualTo(2);
				});
			});
	}

	@Test
	void twoContextsEachUseTheirOwnIdService() {
		RecordingIdService first = new RecordingIdService(1);
		RecordingIdService second = new RecordingIdService(2);
		runner(first).run((firstContext) -> runner(second).run((secondContext) -> {
			List<Long> ids = new ArrayList<>();
			for (int i = 0; i < 3; i++) {
				ids.add(persist(firstContext, Invoice::new, "first-" + i).get(0).getId());
				ids.add(persist(secondContext, Invoice::new, "second-" + i).get(0).getId());
			}
			assertThat(first.issued()).containsExactly(ids.get(0), ids.get(2), ids.get(4));
			assertThat(second.issued()).containsExactly(ids.get(1), ids.get(3), ids.get(5));
		}));
	}

	@Test
	void idSetByTheApplicationIsKept() {
		RecordingIdService idService = new RecordingIdService(4);
		runner(idService).run((context) -> {
			Invoice invoice = new Invoice("preset");
			invoice.setId(42L);
			persist(context, List.of(invoice));
			assertThat(invoice.getId()).isEqualTo(42L);
			assertThat(idService.issued()).isEmpty();
			try (EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager()) {
				assertThat(em.find(Invoice.class, 42L).getNumber()).isEqualTo("preset");
			}
		});
	}

	@Test
	void primitiveLongIdGetsAnIdUnlessSet() {
		RecordingIdService idService = new RecordingIdService(5);
		runner(idService).run((context) -> {
			LedgerEntry generated = new LedgerEntry(100);
			LedgerEntry preset = new LedgerEntry(200);
			preset.setId(7L);
			persist(context, List.of(generated, preset));
			assertThat(idService.issued()).containsExactly(generated.getId());
			assertThat(preset.getId()).isEqualTo(7L);
			try (EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager()) {
				assertThat(em.find(LedgerEntry.class, generated.getId()).getAmount()).isEqualTo(100);
				assertThat(em.find(LedgerEntry.class, 7L).getAmount()).isEqualTo(200);
			}
		});
	}

	@Test
	void springDataRepositoryGetsAnIdAndKeepsAPresetOne() {
		RecordingIdService idService = new RecordingIdService(6);
		runner(idService).withUserConfiguration(Repositories.class).run((context) -> {
			InvoiceRepository repository = context.getBean(InvoiceRepository.class);
			Invoice saved = repository.save(new Invoice("R-1"));
			assertThat(idService.issued()).containsExactly(saved.getId());
			Invoice preset = new Invoice("R-2");
			preset.setId(43L);
			// an entity with an id is merged by Spring Data: Hibernate finds no row and inserts it
			assertThat(repository.save(preset).getId()).isEqualTo(43L);
			assertThat(idService.issued()).hasSize(1);
			assertThat(repository.findById(43L)).map(Invoice::getNumber).hasValue("R-2");
			assertThat(repository.count()).isEqualTo(2);
		});
	}

	@Test
	void idOfAnotherTypeFailsStartUp() {
		runner(BadEntities.class).withBean(IdService.class, () -> new RecordingIdService(6))
			.run(failsWith(Problem.ID_TYPE, "@IdgenId on " + Coupon.class.getName()
					+ ".code needs a Long or long id, but the id is a java.lang.String."));
	}

	@Test
	void missingIdServiceFailsStartUp() {
		runner(GoodEntities.class).run(failsWith(Problem.NO_ID_SERVICE,
				"needs a io.github.idgen.snowflake.IdService bean, but the application context has no single one"));
	}

	@Test
	void twoIdServicesWithoutAPrimaryOneFailStartUp() {
		runner(GoodEntities.class).withBean("first", IdService.class, () -> new RecordingIdService(1))
			.withBean("second", IdService.class, () -> new RecordingIdService(2))
			.run(failsWith(Problem.NO_ID_SERVICE, "(none, or several and none of them primary)"));
	}

	@Test
	void theBeanOfSeveralThatIsPrimaryGivesTheIds() {
		RecordingIdService primary = new RecordingIdService(2);
		runner(GoodEntities.class).withBean("first", IdService.class, () -> new RecordingIdService(1))
			.withBean("second", IdService.class, () -> primary, (definition) -> definition.setPrimary(true))
			.run((context) -> {
				long id = persist(context, Invoice::new, "P-1").get(0).getId();
				assertThat(primary.issued()).containsExactly(id);
			});
	}

	private static ContextConsumer<AssertableApplicationContext> failsWith(Problem problem, String message) {
		return (context) -> assertThat(context).hasFailed()
			.getFailure()
			.rootCause()
			.isInstanceOfSatisfying(IdgenIdMappingException.class,
					(ex) -> assertThat(ex.getProblem()).isEqualTo(problem))
			.hasMessageContaining(message);
	}

	@Test
	void aTaggedIdComesFromTheSegmentIdsOfItsTag() {
		withSegmentIds().withBean(TicketsTag.class).run((context) -> {
			List<Ticket> tickets = persist(context, Ticket::new, "first", "second", "third");
			assertThat(tickets).extracting(Ticket::getId).containsExactly(501L, 502L, 503L);
			assertThat(context).doesNotHaveBean(IdService.class);
		});
	}

	@Test
	void aTagThatDoesNotExistFailsStartUpNamingTheAttributeAndTheInsertThatAddsIt() {
		withSegmentIds().run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).isInstanceOf(MissingSegmentTagsException.class)
				.hasMessage("@IdgenId on " + Ticket.class.getName() + ".id names segment tag 'tickets', which does not"
						+ " exist in table idgen_segment");
			assertThat(new MissingSegmentTagsFailureAnalyzer().analyze(context.getStartupFailure()).getAction())
				.contains("\n    INSERT INTO idgen_segment (tag, step) VALUES ('tickets', 1000);\n");
		});
	}

	private ApplicationContextRunner withSegmentIds() {
		return runner(TaggedEntities.class)
			.withConfiguration(
					AutoConfigurations.of(SegmentIdServicesAutoConfiguration.class, IdgenIdTagsAutoConfiguration.class))
			.withPropertyValues("xxx.common.segment-enabled=true", "xxx.common.segment-initialize-schema=always");
	}

	/** The tag of the tickets, inserted at start as an application's own bean would, once the table is made. */
	static class TicketsTag implements InitializingBean {

		private final DataSource dataSource;

		TicketsTag(DataSource dataSource, SegmentSchemaInitializer tableCreated) {
			this.dataSource = dataSource;
		}

		@Override
		public void afterPropertiesSet() {
			new JdbcTemplate(this.dataSource)
				.update("INSERT INTO idgen_segment (tag, max_id, step, update_time) VALUES ('tickets', 500, 10,"
						+ " CURRENT_TIMESTAMP)");
		}

	}

	@Test
	void aTagWithoutSegmentModeFailsStartUpNamingTheMissingSegmentIds() {
		runner(TaggedEntities.class).run(failsWith(Problem.NO_SEGMENT_IDS,
				"needs a io.github.idgen.segment.SegmentIdServices bean"));
	}

	@Test
	void anIdNamingAGeneratorComesFromThatNamedGeneratorWithItsLayout() {
		runner(NamedEntities.class)
			.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, IdGeneratorsAutoConfiguration.class))
			.withPropertyValues("xxx.common.generators.js.layout=javascript-safe", "xxx.common.id-worker-id=7")
			.run((context) -> {
				List<Shipment> shipments = persist(context, Shipment::new, "first", "second");
				assertThat(shipments).extracting(Shipment::getId)
					.allSatisfy((id) -> assertThat(id).isLessThan(1L << 53))
					.allSatisfy((id) -> assertThat(SnowflakeLayout.JAVASCRIPT_SAFE.decompose(id).workerId()).isEqualTo(7));
				assertThat(shipments.get(1).getId()).isGreaterThan(shipments.get(0).getId());
				try (EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager()) {
					assertThat(em.find(Shipment.class, shipments.get(0).getId()).getLabel()).isEqualTo("first");
				}
			});
	}

	@Test
	void anIdNamingAGeneratorThatNoneHasFailsStartUpNamingTheAttributeAndTheName() {
		runner(NamedEntities.class)
			.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, IdGeneratorsAutoConfiguration.class))
			.withPropertyValues("xxx.common.generators.orders.layout=twitter")
			.run(failsWith(Problem.UNKNOWN_GENERATOR, "@IdgenId on " + Shipment.class.getName()
					+ ".id names the generator 'js', but no generator has that name (the generators are orders)."));
	}

	@Test
	void anIdNamingAGeneratorWithoutTheRegistryFailsStartUp() {
		runner(NamedEntities.class).withBean(IdService.class, () -> new RecordingIdService(1))
			.run(failsWith(Problem.NO_GENERATORS, "needs a io.github.idgen.snowflake.IdGenerators bean"));
	}

	@Test
	void anIdNamingBothATagAndAGeneratorFailsStartUp() {
		runner(ConflictingEntities.class).withBean(IdService.class, () -> new RecordingIdService(1))
			.run(failsWith(Problem.TAG_AND_GENERATOR, "@IdgenId on " + Parcel.class.getName()
					+ ".id names both the segment tag 'parcels' and the generator 'js'"));
	}

	private static <E> List<E> persist(AssertableApplicationContext context, Function<String, E> factory,
			String... names) {
		List<E> entities = new ArrayList<>();
		for (String name : names) {
			entities.add(factory.apply(name));
		}
		return persist(context, entities);
	}

	private static <E> List<E> persist(AssertableApplicationContext context, List<E> entities) {
		try (EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager()) {
			em.getTransaction().begin();
			entities.forEach(em::persist);
			em.getTransaction().commit();
		}
		return entities;
	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Invoice.class)
	static class GoodEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Ticket.class)
	static class TaggedEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Shipment.class)
	static class NamedEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Parcel.class)
	static class ConflictingEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableJpaRepositories(basePackageClasses = InvoiceRepository.class)
	static class Repositories {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Coupon.class)
	static class BadEntities {

	}

}
