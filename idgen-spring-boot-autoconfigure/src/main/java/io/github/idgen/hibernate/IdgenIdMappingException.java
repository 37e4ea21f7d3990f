package io.github.idgen.hibernate;

/**
 * Thrown while Hibernate builds the {@code EntityManagerFactory} when an {@link IdgenId} attribute
 * cannot get its ids. Not a Hibernate type, so that start-up failure analysis can name it without
 * Hibernate on the classpath.
 */
public class IdgenIdMappingException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final Problem problem;

	/**
	 * Creates an exception.
	 * @param problem what is wrong
	 * @param message the problem, naming the entity attribute
	 */
	public IdgenIdMappingException(Problem problem, String message) {
		super(message);
		this.problem = problem;
	}

	/**
	 * Returns what is wrong.
	 * @return the problem
	 */
	public Problem getProblem() {
		return this.problem;
	}

	/**
	 * What keeps an {@link IdgenId} attribute from getting ids.
	 */
	public enum Problem {

		/** The id attribute is not a {@code Long} or {@code long}. */
		ID_TYPE,

		/** Hibernate was built without a bean container (not through Spring's JPA support). */
		NO_BEAN_CONTAINER,

		/** The application context has no single {@code IdService} bean (none, or several without a primary one). */
		NO_ID_SERVICE,

		/** A segment tag is named, but the application context has no {@code SegmentIdServices} bean (segment mode is off). */
		NO_SEGMENT_IDS,

		/** A generator is named, but the application context has no {@code IdGenerators} bean. */
		NO_GENERATORS,

		/** A generator is named that the {@code IdGenerators} bean does not have. */
		UNKNOWN_GENERATOR,

		/** Both a segment tag and a generator are named. */
		TAG_AND_GENERATOR,

		/** A shard attribute is named for ids that carry no shard. */
		SHARD_BY_WITHOUT_SHARD_BITS,

		/** A generator whose ids carry a shard is named without the attribute that gives it. */
		SHARD_BY_MISSING,

		/** The shard attribute is not an attribute of the entity, or neither a whole number nor a {@code String}. */
		SHARD_BY_ATTRIBUTE

	}

}
