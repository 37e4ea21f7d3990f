package io.github.idgen.examples;

import java.io.IOException;
import java.sql.SQLException;
import java.util.Map;

import javax.sql.DataSource;

import io.github.idgen.shardingsphere.IdgenKeyGenerators;
import io.github.idgen.snowflake.IdService;
import org.apache.shardingsphere.driver.api.yaml.YamlShardingSphereDataSourceFactory;

final class EventsDataSource {

	private EventsDataSource() {
	}

	/**
	 * ShardingSphere over the data nodes, its rules (IDGEN key generators named "events") in YAML.
	 */
	static DataSource create(IdService idService, Map<String, DataSource> dataSources, byte[] yamlBytes)
			throws SQLException, IOException {
		IdgenKeyGenerators.register("events", idService); // before or after ShardingSphere starts
		return YamlShardingSphereDataSourceFactory.createDataSource(dataSources, yamlBytes);
	}

}
