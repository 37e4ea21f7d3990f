package io.github.idgen.hibernate;

import io.github.idgen.testsupport.PostgresServer;

/**
 * {@code @IdgenId(shardBy = …)} on a real PostgreSQL server, one database per context.
 */
class IdgenIdShardByPostgresTests extends AbstractIdgenIdShardByTests {

	@Override
	protected String[] datasourceProperties(String name) {
		PostgresServer postgres = PostgresServer.shared();
		postgres.execute("CREATE DATABASE " + name);
		String url = "jdbc:postgresql://127.0.0.1:" + postgres.port() + "/" + name;
		return new String[] { "spring.datasource.url=" + url, "spring.datasource.username=" + postgres.username() };
	}

}
