package io.github.idgen.hibernate;

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
 * The entity attribute of {@link IdgenId#shardBy()}: where the shard of an id comes from. A number
 * attribute gives {@link Shards#ofNumber}, a {@code String} {@link Shards#ofKey}.
 *
 * @param name the attribute's name
 * @param text whether it is a {@code String} (else a number)
 * @param idAttribute the annotated id attribute, {@code Entity.id}, for messages
 * @param entity the entity's name, for messages
 */
record ShardAttribute(String name, boolean text, String idAttribute, String entity) {

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
		boolean number = Number.class.isAssignableFrom(type)
				|| (type.isPrimitive() && type != boolean.class && type != char.class);
		if (!text && !number) {
			throw new IdgenIdMappingException(Problem.SHARD_BY_ATTRIBUTE, "@IdgenId on " + idAttribute + " shards by "
					+ entity.getEntityName() + "." + name + ", a " + type.getName()
					+ ": the shard comes from a number or a String.");
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
		// a segment tag's service is a ShardedIdService whose ids may carry no shard (0 shard bits)
		if (!(idService instanceof ShardedIdService sharded) || sharded.shardBits() == 0) {
			throw new IllegalStateException("@IdgenId on " + this.idAttribute + " shards by " + this.entity + "."
					+ this.name + ", but its ids carry no shard (" + idService + "): give them shard bits, or remove"
					+ " shardBy.");
		}
		Object value = session.getEntityPersister(this.entity, owner).getPropertyValue(owner, this.name);
		if (value == null) {
			throw new IllegalStateException("@IdgenId on " + this.idAttribute + " takes the shard of its id from "
					+ this.entity + "." + this.name + ", which is null: set it before persisting the entity.");
		}
		int shard = this.text ? Shards.ofKey((String) value, sharded.shardBits())
				: Shards.ofNumber(((Number) value).longValue(), sharded.shardBits());
		return sharded.nextId(shard);
	}

}
