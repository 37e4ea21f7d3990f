package io.github.idgen.hibernate;

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Member;
import java.util.EnumSet;
import java.util.function.Supplier;

import io.github.idgen.hibernate.IdgenIdMappingException.Problem;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import org.jspecify.annotations.Nullable;

import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.resource.beans.container.spi.BeanContainer;
import org.hibernate.resource.beans.spi.BeanInstanceProducer;
import org.hibernate.resource.beans.spi.ManagedBeanRegistry;
import org.hibernate.service.ServiceRegistry;

/**
 * The generator behind {@link IdgenId}. Hibernate creates one per annotated id attribute while it
 * builds the {@code EntityManagerFactory} (through its bean container when it has one, which is
 * why there is only a default constructor) and then calls {@link #initialize}, which takes the
 * {@link IdService} from the bean container, so that a missing bean fails the start-up, not the
 * first insert.
 * <p>
 * Hibernate's {@code Generator} is {@code Serializable}, but Hibernate never serializes one: a
 * {@code SessionFactory} is serialized as its name and found again by it. This generator holds the
 * application's beans, which no stream can carry, so serializing it fails with a
 * {@link NotSerializableException} that says so, rather than with the name of a field's class.
 */
public final class IdgenIdGenerator implements BeforeExecutionGenerator, AnnotationBasedGenerator<IdgenId> {

	private static final long serialVersionUID = 1L;

	// a plain lookup of an existing bean, shared by every generator of the EntityManagerFactory
	private static final BeanContainer.LifecycleOptions EXISTING_BEAN = new BeanContainer.LifecycleOptions() {

		@Override
		public boolean canUseCachedReferences() {
			return true;
		}

		@Override
		public boolean useJpaCompliantCreation() {
			return false;
		}

	};

	private transient @Nullable Supplier<IdService> idService;

	/** The attribute whose shard the ids carry, null for ids without a shard. */
	private transient @Nullable ShardAttribute shardBy;

	// Hibernate 7.2 (Spring Boot 4.0) calls only this one, abstract there; 7.4 (Spring Boot 4.1) has both,
	// as defaults, and marks this one for removal: implementing both keeps one jar working on both lines,
	// and the warning that 7.4's mark gives every build says nothing that this comment does not
	@Override
	@SuppressWarnings("removal")
	public void initialize(IdgenId annotation, Member member, GeneratorCreationContext context) {
		initialize(annotation, context);
	}

	/**
	 * Takes the {@link IdService} of the annotation from the bean container.
	 * @param annotation the id attribute's annotation
	 * @param context the attribute's mapping
	 */
	public void initialize(IdgenId annotation, GeneratorCreationContext context) {
		String attribute = context.getPersistentClass().getEntityName() + "." + context.getProperty().getName();
		Class<?> idType = context.getType().getReturnedClass();
		if (idType != Long.class && idType != long.class) {
			throw new IdgenIdMappingException(Problem.ID_TYPE,
					"@IdgenId on " + attribute + " needs a Long or long id, but the id is a " + idType.getName() + ".");
		}
		this.idService = idServiceFor(annotation, context.getServiceRegistry(), attribute);
		this.shardBy = ShardAttribute.of(annotation, context.getPersistentClass(), attribute);
		if (!annotation.generator().isEmpty()) {
			ShardAttribute.checkGenerator(this.shardBy, this.idService.get(), annotation.generator(), attribute);
		}
		else if (annotation.tag().isEmpty() && this.shardBy != null) {
			throw new IdgenIdMappingException(Problem.SHARD_BY_WITHOUT_SHARD_BITS, "@IdgenId on " + attribute
					+ " shards by '" + annotation.shardBy() + "', but takes ids of the IdService bean, which carry no"
					+ " shard: name a generator with shard bits, @IdgenId(generator = \"<name>\", shardBy = \""
					+ annotation.shardBy() + "\").");
		}
	}

	// the one place that picks the IdService of an annotation. The bean is looked up now, so that a
	// missing one fails the start-up; a tag's service on first use, because its row and its first
	// range come from the database, which need not be ready while Hibernate starts
	private static Supplier<IdService> idServiceFor(IdgenId annotation, ServiceRegistry services, String attribute) {
		if (!annotation.tag().isEmpty() && !annotation.generator().isEmpty()) {
			throw new IdgenIdMappingException(Problem.TAG_AND_GENERATOR, "@IdgenId on " + attribute + " names both the"
					+ " segment tag '" + annotation.tag() + "' and the generator '" + annotation.generator()
					+ "'; an id comes from one of them.");
		}
		if (!annotation.generator().isEmpty()) {
			IdGenerators generators = bean(IdGenerators.class, services, attribute, Problem.NO_GENERATORS);
			String name = annotation.generator();
			if (!generators.contains(name)) {
				throw new IdgenIdMappingException(Problem.UNKNOWN_GENERATOR, "@IdgenId on " + attribute
						+ " names the generator '" + name + "', but no generator has that name ("
						+ (generators.names().isEmpty() ? "none is configured"
								: "the generators are " + String.join(", ", generators.names()))
						+ ").");
			}
			IdService idService = generators.get(name);
			return () -> idService;
		}
		if (annotation.tag().isEmpty()) {
			IdService idService = bean(IdService.class, services, attribute, Problem.NO_ID_SERVICE);
			return () -> idService;
		}
		SegmentIdServices segments = bean(SegmentIdServices.class, services, attribute, Problem.NO_SEGMENT_IDS);
		String tag = annotation.tag();
		return () -> segments.forTag(tag);
	}

	private static <B> B bean(Class<B> type, ServiceRegistry services, String attribute, Problem missing) {
		BeanContainer container = services.requireService(ManagedBeanRegistry.class).getBeanContainer();
		if (container == null) {
			throw new IdgenIdMappingException(Problem.NO_BEAN_CONTAINER, "@IdgenId on " + attribute
					+ " needs the " + type.getSimpleName()
					+ " bean of the application, but Hibernate has no bean container to take it from.");
		}
		return container.getBean(type, EXISTING_BEAN, new MissingBean(attribute, missing)).getBeanInstance();
	}

	@Override
	public Object generate(SharedSessionContractImplementor session, Object owner, @Nullable Object currentValue,
			EventType eventType) {
		Supplier<IdService> idService = this.idService;
		if (idService == null) {
			throw new IllegalStateException("IdgenIdGenerator used before Hibernate initialized it");
		}
		ShardAttribute shardBy = this.shardBy;
		if (currentValue instanceof Long id && id != 0L) {
			// kept, but only with its row's shard: a row whose id carries another is not found by its id
			return (shardBy != null) ? shardBy.checkAssigned(id, idService.get(), session, owner) : id;
		}
		if (shardBy == null) {
			return idService.get().nextId();
		}
		// a tag's service is known on first use only: whether its ids carry a shard is checked here
		return shardBy.nextId(idService.get(), session, owner);
	}

	private void writeObject(ObjectOutputStream out) throws IOException {
		throw notSerialized();
	}

	private void readObject(ObjectInputStream in) throws IOException {
		throw notSerialized();
	}

	private static NotSerializableException notSerialized() {
		return new NotSerializableException("IdgenIdGenerator is not serialized: it holds the application's IdService"
				+ " (or segment ids) bean, which a stream cannot carry. Hibernate serializes a SessionFactory by its"
				+ " name and looks it up again, never its generators; serialize the SessionFactory or the entities"
				+ " instead.");
	}

	@Override
	public boolean allowAssignedIdentifiers() {
		// so that Hibernate hands us the id the application set, which we keep
		return true;
	}

	@Override
	public EnumSet<EventType> getEventTypes() {
		return EventTypeSets.INSERT_ONLY;
	}

	/**
	 * Returns the type of the ids generated (Hibernate 7.4 asks; 7.2, in Spring Boot 4.0, has no such method).
	 * @return {@code Long}
	 */
	public Class<?> getGeneratedType() {
		return Long.class;
	}

	/**
	 * Called by the bean container when it cannot give the one bean of the type asked for.
	 */
	private record MissingBean(String attribute, Problem problem) implements BeanInstanceProducer {

		@Override
		public <B> B produceBeanInstance(Class<B> beanType) {
			throw new IdgenIdMappingException(this.problem, "@IdgenId on " + this.attribute + " needs a "
					+ beanType.getName() + " bean, but the application context has no single one (none, or"
					+ " several and none of them primary).");
		}

		@Override
		public <B> B produceBeanInstance(String name, Class<B> beanType) {
			return produceBeanInstance(beanType);
		}

	}

}
