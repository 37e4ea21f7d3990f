package io.github.idgen.shardingsphere;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.shardingsphere.driver.api.yaml.YamlShardingSphereDataSourceFactory;

/**
 * ShardingSphere loading a YAML rule with {@code IDGEN_SHARD} (over in-memory H2 data nodes: nothing is
 * routed here): a {@code sharding-count} that does not divide {@code 2^shard-bits} stops the data
 * source from being created.
 */
class ShardingRuleLoadingTests {

	@Test
	void ruleWithShardingCountNotDividingTheShardsIsRefusedWhenLoaded() {
		Map<String, DataSource> nodes = new HashMap<>();
		for (int node = 0; node < 3; node++) {
			HikariDataSource pool = new HikariDataSource();
			pool.setJdbcUrl("jdbc:h2:mem:idgen_rule_" + node + ";DB_CLOSE_DELAY=-1");
			pool.setUsername("sa");
			nodes.put("ds_" + node, pool);
		}
		String yaml = """
				databaseName: refused
				rules:
				- !SHARDING
				  tables:
				    t_order:
				      actualDataNodes: ds_${0..2}.t_order
				      databaseStrategy:
				        complex:
				          shardingColumns: order_id,user_id
				          shardingAlgorithmName: order_by_user
				  shardingAlgorithms:
				    order_by_user:
				      type: IDGEN_SHARD
				      props:
				        shard-bits: 6
				        sharding-count: 3
				        id-column: order_id
				        key-column: user_id
				""";
		try {
			assertThatThrownBy(
					() -> YamlShardingSphereDataSourceFactory.createDataSource(nodes, yaml.getBytes(StandardCharsets.UTF_8)))
				.hasStackTraceContaining("'sharding-count' (3) must divide 2^shard-bits = 64");
		}
		finally {
			nodes.values().forEach((pool) -> ((HikariDataSource) pool).close());
		}
		assertThat(nodes).hasSize(3);
	}

}
