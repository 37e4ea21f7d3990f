package io.github.idgen.hibernate;

import java.math.BigInteger;
import java.util.Set;

import io.github.idgen.hibernate.IdgenIdMappingException.Problem;
import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.IdService;
import org.jspecify.annotations.Nullable;

import org.hibernate.MappingException;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;

/**
 * The entity attribute of {@link IdgenId#shardBy()}: where the shard of an id comes from. A whole number
 * attribute gives {@link Shards#ofNumber} of its exact value, a {@code String} {@link Shards#ofKey}, as
 * idgen-shardingsphere's {@code IDGEN_SHARD} routes the row; a fractional one ({@code float},
 * {@code double}, {@code BigDecimal}) is refused, since cutting off its fraction would give keys that
 * differ one shard.
 *
 * @param name the attribute's name
 * @param text whether it is a {@code String} (else a number)
 * @param idAttribute the annotated id attribute, {@code Entity.id}, for messages
 * @param entity the entity's name, for messages
 */
record ShardAttribute(String name, boolean text, String idAttribute, String entity) {

	/** The attribute types whose value gives a shard exactly, besides {@code String}. */
	private static final Set<Class<?>> WHOLE_NUMBERS = Set.of(long.class, Long.class, int.class, Integer.class,
			short.class, Short.class, byte.class, Byte.class, BigInteger.class);

	/**
	 * Reads the annotation's {@code shardBy}, checked against the entity's mapping.
	 * @return the attribute, or null without {@code shardBy}
	 * @throws IdgenIdMappingException if the entity has no such attribute, or one of another type
	 */
	static @Nullable ShardAttribute of(IdgenId annotation, PersistentClass entity, String idAttribute) {
		String name = annotation.shardBy();
		if (name.isEmpty()) {
			return null;
		}
		Property property;
		try {
			property = entity.getProperty(name);
		}
		catch (MappingException ex) {
			throw new IdgenIdMappingException(Problem.SHARD_BY_ATTRIBUTE, "@IdgenId on " + idAttribute + " shards by '"
					+ name + "', but " + entity.getEntityName() + " has no persistent attribute of that name.");
		}
		Class<?> type = property.getType().getReturnedClass();
		boolean text = type == String.class;
		if (!text && !WHOLE_NUMBERS.contains(type)) {
			throw new IdgenIdMappingException(Problem.SHARD_BY_ATTRIBUTE, "@IdgenId on " + idAttribute + " shards by "
					+ entity.getEntityName() + "." + name + ", a " + type.getName() + ": the shard comes from a whole"
					+ " number (long, int, short, byte, their wrappers, BigInteger) or a String; a fraction would be"
					+ " cut off, and keys that differ would share a shard.");
		}
		return new ShardAttribute(name, text, idAttribute, entity.getEntityName());
	}

	/**
	 * Checks a named generator against {@code shardBy} at start-up: a shard for ids that carry one, none
	 * for ids that do not.
	 */
	static void checkGenerator(@Nullable ShardAttribute shardBy, IdService generator, String name, String idAttribute) {
		int shardBits = (generator instanceof ShardedIdService sharded) ? sharded.shardBits() : 0;
		if (shardBy != null && shardBits == 0) {
			throw new IdgenIdMappingException(Problem.SHARD_BY_WITHOUT_SHARD_BITS, "@IdgenId on " + idAttribute
					+ " shards by " + shardBy.entity() + "." + shardBy.name() + ", but the ids of generator '" + name
					+ "' carry no shard (xxx.common.generators." + name + ".shard-bits is not set).");
		}
		if (shardBy == null && shardBits > 0) {
			throw new IdgenIdMappingException(Problem.SHARD_BY_MISSING, "@IdgenId on " + idAttribute
					+ " takes ids of generator '" + name + "', which carry a shard in their lowest " + shardBits
					+ " bits, but names no attribute to take it from: add shardBy = \"<attribute>\".");
		}
	}

	/** Issues the id of an entity about to be inserted, with the shard of its attribute. */
	long nextId(IdService idService, SharedSessionContractImplementor session, Object owner) {
		ShardedIdService sharded = sharded(idService);
		return sharded.nextId(shardOf(sharded, session, owner));
	}

	/**
	 * Checks an id the application set before persisting: it must carry the shard of its row's attribute,
	 * as idgen-shardingsphere refuses an {@code INSERT} whose id and key name different nodes, or the row
	 * is not found by its id.
	 * @return the id
	 * @throws IllegalStateException if it carries another shard
	 */
	long checkAssigned(long id, IdService idService, SharedSessionContractImplementor session, Object owner) {
		ShardedIdService sharded = sharded(idService);
		int expected = shardOf(sharded, session, owner);
		int carried = sharded.shardOf(id);
		if (carried != expected) {
			throw new IllegalStateException("@IdgenId on " + this.idAttribute + ": the id " + id + " set before"
					+ " persisting carries shard " + carried + ", but " + this.entity + "." + this.name + " "
					+ session.getEntityPersister(this.entity, owner).getPropertyValue(owner, this.name) + " has shard "
					+ expected + ": an id must be issued for the shard of its row's key (nextId(shard) of the"
					+ " generator's ShardedIdService), or left unset for @IdgenId to issue it.");
		}
		return id;
	}

	private ShardedIdService sharded(IdService idService) {
		// a segment tag's service is a ShardedIdService whose ids may carry no shard (0 shard bits)
		if (!(idService instanceof ShardedIdService sharded) || sharded.shardBits() == 0) {
			throw new IllegalStateException("@IdgenId on " + this.idAttribute + " shards by " + this.entity + "."
					+ this.name + ", but its ids carry no shard (" + idService + "): give them shard bits, or remove"
					+ " shardBy.");
		}
		return sharded;
	}

	private int shardOf(ShardedIdService sharded, SharedSessionContractImplementor session, Object owner) {
		Object value = session.getEntityPersister(this.entity, owner).getPropertyValue(owner, this.name);
		if (value == null) {
			throw new IllegalStateException("@IdgenId on " + this.idAttribute + " takes the shard of its id from "
					+ this.entity + "." + this.name + ", which is null: set it before persisting the entity.");
		}
		if (this.text) {
			return Shards.ofKey((String) value, sharded.shardBits());
		}
		return Shards.ofNumber(exact((Number) value), sharded.shardBits());
	}

	private long exact(Number value) {
		if (value instanceof BigInteger big) {
			if (big.bitLength() > 63) {
				throw new IllegalStateException("@IdgenId on " + this.idAttribute + " takes the shard of its id from "
						+ this.entity + "." + this.name + ", but " + this.entity + "." + this.name + " is " + big
						+ ", which no long holds: its shard, as idgen-shardingsphere computes it, needs a 64-bit key.");
			}
			return big.longValue();
		}
		return value.longValue();
	}

}
