package io.github.idgen.jdbc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scenario 7 on database servers: an instance restarted under the same name gets the id it held
 * before back, as long as it is free, whatever the order of the restarts.
 */
class JdbcStickyInstanceNameTests {

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void instancesRestartedUnderTheirNamesGetTheirIdsBack(DatabaseServer server) throws Exception {
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			Map<String, Integer> before = new LinkedHashMap<>();
			List<JdbcLeaseDeployment> first = new ArrayList<>();
			for (int i = 0; i < 5; i++) {
				JdbcLeaseDeployment deployment = support.start(support.builder().instanceName("pod-" + i).build());
				before.put("pod-" + i, deployment.getWorkerId());
				first.add(deployment);
			}
			// an unnamed instance in between takes some free id, never a named one's
			support.startDeployment().getWorkerId();
			first.forEach(JdbcLeaseDeployment::close);

			Map<String, Integer> after = new LinkedHashMap<>();
			for (int i = 4; i >= 0; i--) {
				after.put("pod-" + i, support.start(support.builder().instanceName("pod-" + i).build()).getWorkerId());
			}
			assertThat(after).isEqualTo(before);
		}
	}

}
