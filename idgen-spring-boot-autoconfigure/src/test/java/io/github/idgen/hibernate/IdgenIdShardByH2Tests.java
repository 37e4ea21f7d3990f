package io.github.idgen.hibernate;

/**
 * {@code @IdgenId(shardBy = …)} on an in-memory H2 database.
 */
class IdgenIdShardByH2Tests extends AbstractIdgenIdShardByTests {

	@Override
	protected String[] datasourceProperties(String name) {
		return new String[] { "spring.datasource.url=jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1",
				"spring.datasource.username=sa" };
	}

}
