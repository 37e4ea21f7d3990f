package io.github.idgen.hibernate;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.hibernate.annotations.IdGeneratorType;

/**
 * Gives a {@code Long} or {@code long} entity id from the application's
 * {@link io.github.idgen.snowflake.IdService} bean when the entity is persisted:
 *
 * <pre>{@code
 * @Entity
 * class Order {
 *     @Id @IdgenId
 *     private Long id;
 * }
 * }</pre>
 *
 * The bean is the one of the Spring context that built the {@code EntityManagerFactory}, taken
 * through Hibernate's bean container (Spring's JPA support sets it up). An id the application set
 * before persisting is kept (with a {@link #shardBy()}, only if it carries its row's shard);
 * {@code null}, and {@code 0} (the default of a primitive {@code long}), count as not set.
 * <p>
 * With a {@link #tag()}, the id comes from that business tag's segment ids instead (segment mode,
 * {@code xxx.common.segment-enabled=true}): short, dense, increasing ids per table.
 *
 * <pre>{@code
 * @Id @IdgenId(tag = "orders")
 * private Long id;
 * }</pre>
 * <p>
 * With a {@link #generator()}, the id comes from that named generator of the
 * {@link io.github.idgen.snowflake.IdGenerators} bean ({@code xxx.common.generators.<name>.*}), for ids
 * of another layout, such as ones JavaScript reads exactly. A name no generator has stops start-up.
 *
 * <pre>{@code
 * @Id @IdgenId(generator = "js")
 * private Long id;
 * }</pre>
 * <p>
 * With a {@link #shardBy()}, the id carries the shard of one of the entity's attributes in its lowest
 * bits, for a generator with {@code xxx.common.generators.<name>.shard-bits} (or a tag whose ids carry
 * a shard): a table split by user finds an order by its id alone.
 *
 * <pre>{@code
 * @Id @IdgenId(generator = "orders", shardBy = "userId")
 * private Long id;
 *
 * private Long userId;
 * }</pre>
 */
@IdGeneratorType(IdgenIdGenerator.class)
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.METHOD })
@Documented
public @interface IdgenId {

	/**
	 * The segment tag whose ids to give, a row of the segment table; empty for the
	 * {@link io.github.idgen.snowflake.IdService} bean.
	 * @return the tag, or empty
	 */
	String tag() default "";

	/**
	 * The named generator whose ids to give, configured under {@code xxx.common.generators.<name>};
	 * empty for the {@link io.github.idgen.snowflake.IdService} bean. Not together with {@link #tag()}.
	 * @return the generator's name, or empty
	 */
	String generator() default "";

	/**
	 * The entity attribute whose shard the id carries: a whole number attribute ({@code long}, {@code int},
	 * {@code short}, {@code byte}, their wrappers, {@code BigInteger}) gives
	 * {@code floorMod(value, 2^shardBits)} ({@link io.github.idgen.shard.Shards#ofNumber}), a
	 * {@code String} the CRC-32 of its UTF-8 bytes modulo {@code 2^shardBits}
	 * ({@link io.github.idgen.shard.Shards#ofKey}); a fractional one ({@code float}, {@code double},
	 * {@code BigDecimal}) stops start-up. It must be set before the entity is persisted, and an id set
	 * before then must carry its shard.
	 * Required for a generator with shard bits, refused for one without; with a {@link #tag()}, the tag's
	 * ids must carry a shard. Empty for ids without a shard.
	 * @return the attribute's name, or empty
	 */
	String shardBy() default "";

}
