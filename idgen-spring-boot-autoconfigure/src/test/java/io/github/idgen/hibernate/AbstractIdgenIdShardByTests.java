package io.github.idgen.hibernate;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

import io.github.idgen.autoconfigure.IdGeneratorsAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.hibernate.IdgenIdTagsAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentSchemaInitializer;
import io.github.idgen.hibernate.IdgenIdMappingException.Problem;
import io.github.idgen.hibernate.badshard.Refund;
import io.github.idgen.hibernate.decimalshard.Payment;
import io.github.idgen.hibernate.doubleshard.Rating;
import io.github.idgen.hibernate.floatshard.Reading;
import io.github.idgen.hibernate.named.Shipment;
import io.github.idgen.hibernate.sharded.AccountOrder;
import io.github.idgen.hibernate.sharded.NamedUserOrder;
import io.github.idgen.hibernate.sharded.UserOrder;
import io.github.idgen.hibernate.shardedtag.TaggedUserOrder;
import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.SnowflakeLayout;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.generator.Generator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ContextConsumer;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests {@code @IdgenId(generator = …, shardBy = …)} and {@code @IdgenId(tag = …, shardBy = …)} with a
 * real Hibernate {@code EntityManagerFactory} on the database of the subclass: the id carries the
 * shard of the entity's attribute, and a mapping whose attribute and generator do not fit together
 * stops start-up naming both.
 */
abstract class AbstractIdgenIdShardByTests {

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
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class,
					IdServiceAutoConfiguration.class, IdGeneratorsAutoConfiguration.class))
			.withUserConfiguration(entities)
			.withPropertyValues(datasourceProperties(name))
			.withPropertyValues("spring.jpa.hibernate.ddl-auto=create-drop", "xxx.common.id-worker-id=7");
	}

	@Test
	void anIdCarriesTheShardOfANumberAttribute() {
		runner(ShardedEntities.class).withPropertyValues("xxx.common.generators.orders.shard-bits=3").run((context) -> {
			List<UserOrder> orders = List.of(new UserOrder(41L), new UserOrder(-3L), new UserOrder(41L));
			persist(context, orders);
			SnowflakeLayout layout = context.getBean(IdGenerators.class).layout("orders");
			assertThat(orders).allSatisfy((order) -> {
				assertThat(order.getId() % 8).isEqualTo(Math.floorMod(order.getUserId(), 8));
				assertThat(layout.decompose(order.getId()).workerId()).isEqualTo(7);
			});
			assertThat(orders.get(2).getId()).isGreaterThan(orders.get(0).getId());
			try (EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager()) {
				assertThat(em.find(UserOrder.class, orders.get(1).getId()).getUserId()).isEqualTo(-3L);
			}
		});
	}

	@Test
	void anIdCarriesTheShardOfAStringAttribute() {
		runner(ShardedEntities.class).withPropertyValues("xxx.common.generators.orders.shard-bits=4").run((context) -> {
			NamedUserOrder order = new NamedUserOrder("zoë");
			persist(context, List.of(order));
			assertThat(order.getId() & 15).isEqualTo(Shards.ofKey("zoë", 4));
		});
	}

	@Test
	void aNullShardAttributeFailsTheInsertNamingEntityAndAttribute() {
		runner(ShardedEntities.class).withPropertyValues("xxx.common.generators.orders.shard-bits=2").run((context) -> {
			assertThatIllegalStateException().isThrownBy(() -> persist(context, List.of(new UserOrder(null))))
				.withMessage("@IdgenId on " + UserOrder.class.getName() + ".id takes the shard of its id from "
						+ UserOrder.class.getName() + ".userId, which is null: set it before persisting the entity.");
		});
	}

	@Test
	void anIdTheApplicationAssignedIsKeptWhenItCarriesTheShardOfItsRow() {
		runner(ShardedEntities.class).withPropertyValues("xxx.common.generators.orders.shard-bits=3").run((context) -> {
			long assigned = context.getBean(IdGenerators.class).sharded("orders").nextId(Math.floorMod(-3L, 8));
			UserOrder order = new UserOrder(assigned, -3L);
			persist(context, List.of(order));
			assertThat(order.getId()).isEqualTo(assigned);
			try (EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager()) {
				assertThat(em.find(UserOrder.class, assigned).getUserId()).isEqualTo(-3L);
			}
		});
	}

	@Test
	void anIdTheApplicationAssignedForAnotherShardIsRefusedAsShardingSphereRefusesTheInsert() {
		runner(ShardedEntities.class).withPropertyValues("xxx.common.generators.orders.shard-bits=3").run((context) -> {
			long ofShard1 = context.getBean(IdGenerators.class).sharded("orders").nextId(1);
			assertThatIllegalStateException().isThrownBy(() -> persist(context, List.of(new UserOrder(ofShard1, 2L))))
				.withMessage("@IdgenId on " + UserOrder.class.getName() + ".id: the id " + ofShard1 + " set before"
						+ " persisting carries shard 1, but " + UserOrder.class.getName() + ".userId 2 has shard 2: an"
						+ " id must be issued for the shard of its row's key (nextId(shard) of the generator's"
						+ " ShardedIdService), or left unset for @IdgenId to issue it.");
			try (EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager()) {
				assertThat(em.find(UserOrder.class, ofShard1)).isNull();
			}
		});
	}

	@Test
	void aBigIntegerAttributeGivesTheShardOfItsExactValue() {
		runner(ShardedEntities.class).withPropertyValues("xxx.common.generators.orders.shard-bits=4").run((context) -> {
			AccountOrder order = new AccountOrder(BigInteger.valueOf(-7));
			persist(context, List.of(order));
			assertThat(order.getId() & 15).isEqualTo(Math.floorMod(-7, 16));
			assertThatIllegalStateException()
				.isThrownBy(() -> persist(context, List.of(new AccountOrder(new BigInteger("18446744073709551621")))))
				.withMessageContaining(AccountOrder.class.getName() + ".account is 18446744073709551621, which no"
						+ " long holds");
		});
	}

	@ParameterizedTest
	@ValueSource(classes = { DoubleShardEntities.class, FloatShardEntities.class, DecimalShardEntities.class })
	void shardByAFractionalNumberFailsStartUpNamingTheAttribute(Class<?> entities) {
		runner(entities).withPropertyValues("xxx.common.generators.orders.shard-bits=2")
			.run(failsWith(Problem.SHARD_BY_ATTRIBUTE, ": the shard comes from a whole number (long, int, short,"
					+ " byte, their wrappers, BigInteger) or a String; a fraction would be cut off, and keys that differ"
					+ " would share a shard."));
	}

	@Test
	void theGeneratorRefusesToBeSerializedSinceItHoldsTheApplicationsBeans() {
		runner(ShardedEntities.class).withPropertyValues("xxx.common.generators.orders.shard-bits=3").run((context) -> {
			SessionFactoryImplementor factory = context.getBean(EntityManagerFactory.class)
				.unwrap(SessionFactoryImplementor.class);
			Generator generator = factory.getMappingMetamodel().getEntityDescriptor(UserOrder.class).getGenerator();
			assertThat(generator).isInstanceOf(IdgenIdGenerator.class);
			for (Generator each : List.of(generator, new IdgenIdGenerator())) {
				assertThatExceptionOfType(NotSerializableException.class)
					.isThrownBy(() -> new ObjectOutputStream(new ByteArrayOutputStream()).writeObject(each))
					.withMessageContaining("IdgenIdGenerator is not serialized: it holds the application's IdService")
					.withMessageContaining("Hibernate serializes a SessionFactory by its name");
			}
			// what Hibernate does serialize still works, and finds the same factory
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
				out.writeObject(factory);
			}
			try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
				assertThat(in.readObject()).isSameAs(factory);
			}
		});
	}

	@Test
	void shardByOnAGeneratorWithoutShardBitsFailsStartUp() {
		runner(ShardedEntities.class).withPropertyValues("xxx.common.generators.orders.layout=twitter")
			.run(failsWith(Problem.SHARD_BY_WITHOUT_SHARD_BITS, ", but the ids of generator 'orders' carry no"
					+ " shard (xxx.common.generators.orders.shard-bits is not set)."));
	}

	@Test
	void aGeneratorWithShardBitsWithoutShardByFailsStartUp() {
		runner(NamedEntities.class).withPropertyValues("xxx.common.generators.js.shard-bits=2")
			.run(failsWith(Problem.SHARD_BY_MISSING, "@IdgenId on " + Shipment.class.getName() + ".id takes ids of"
					+ " generator 'js', which carry a shard in their lowest 2 bits, but names no attribute to take it"
					+ " from"));
	}

	@Test
	void aShardByThatIsNoAttributeFailsStartUp() {
		runner(BadShardEntities.class).withPropertyValues("xxx.common.generators.orders.shard-bits=2")
			.run(failsWith(Problem.SHARD_BY_ATTRIBUTE, "@IdgenId on " + Refund.class.getName() + ".id shards by"
					+ " 'customer', but " + Refund.class.getName() + " has no persistent attribute of that name."));
	}

	@Test
	void aTaggedIdCarriesTheShardOfItsAttributeWhenTheTagsIdsCarryOne() {
		withTag(3).run((context) -> {
			List<TaggedUserOrder> orders = List.of(new TaggedUserOrder(5), new TaggedUserOrder(12), new TaggedUserOrder(-1));
			persist(context, orders);
			assertThat(orders).allSatisfy(
					(order) -> assertThat(order.getId() % 8).isEqualTo(Math.floorMod(order.getUserId(), 8)));
			assertThat(orders).extracting(TaggedUserOrder::getId).isSorted().doesNotHaveDuplicates();
		});
	}

	@Test
	void aTaggedIdWithShardByFailsTheInsertWhenTheTagsIdsCarryNoShard() {
		withTag(0).run((context) -> assertThatIllegalStateException()
			.isThrownBy(() -> persist(context, List.of(new TaggedUserOrder(5))))
			.withMessageContaining(TaggedUserOrder.class.getName() + ".userId, but its ids carry no shard"));
	}

	/** Segment mode with the tag user_orders, whose ids carry the given shard bits (0: plain ids). */
	private ApplicationContextRunner withTag(int shardBits) {
		return runner(TaggedEntities.class)
			.withConfiguration(
					AutoConfigurations.of(SegmentIdServicesAutoConfiguration.class, IdgenIdTagsAutoConfiguration.class))
			.withPropertyValues("xxx.common.segment-enabled=true", "xxx.common.segment-initialize-schema=always")
			.withBean(UserOrdersTag.class)
			.withPropertyValues("test.shard-bits=" + shardBits);
	}

	/** The tag's row, inserted at start as an application's own bean would, once the table is made. */
	static class UserOrdersTag implements InitializingBean {

		private final DataSource dataSource;

		private final int shardBits;

		UserOrdersTag(DataSource dataSource, SegmentSchemaInitializer tableCreated, Environment environment) {
			this.dataSource = dataSource;
			this.shardBits = environment.getRequiredProperty("test.shard-bits", Integer.class);
		}

		@Override
		public void afterPropertiesSet() {
			new JdbcTemplate(this.dataSource).update("INSERT INTO idgen_segment (tag, max_id, step, update_time,"
					+ " shard_bits) VALUES ('user_orders', 0, 10, CURRENT_TIMESTAMP, ?)", this.shardBits);
		}

	}

	private static ContextConsumer<AssertableApplicationContext> failsWith(Problem problem, String message) {
		return (context) -> {
			assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOfSatisfying(IdgenIdMappingException.class,
						(ex) -> assertThat(ex.getProblem()).isEqualTo(problem))
				.hasMessageContaining(message);
		};
	}

	private static <E> void persist(AssertableApplicationContext context, List<E> entities) {
		try (EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager()) {
			em.getTransaction().begin();
			entities.forEach(em::persist);
			em.getTransaction().commit();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = UserOrder.class)
	static class ShardedEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Shipment.class)
	static class NamedEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = TaggedUserOrder.class)
	static class TaggedEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Refund.class)
	static class BadShardEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Rating.class)
	static class DoubleShardEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Reading.class)
	static class FloatShardEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Payment.class)
	static class DecimalShardEntities {

	}

}
