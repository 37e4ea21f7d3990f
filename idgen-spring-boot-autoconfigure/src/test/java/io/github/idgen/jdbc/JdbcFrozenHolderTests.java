package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.BackgroundIssuer;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.LeaseHolderChild;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 3 on database servers: a holder in its own JVM is frozen (SIGSTOP) past its lease timeout
 * while a successor takes its id over. Thawed, it issues nothing with that id, and leases another one
 * once one is free.
 */
@EnabledOnOs(OS.LINUX)
class JdbcFrozenHolderTests {

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void aHolderFrozenPastItsLeaseIssuesNothingWithItsIdAfterThawAndLeasesAnother(DatabaseServer server)
			throws Exception {
		// marks written 5 s apart are still ahead of the child's clock when it thaws: only the lease
		// deadline can stop it from issuing with the id it lost
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool);
				LeaseHolderChild child = JdbcLeaseHolderProcess.start(server, support.group(), 90,
						Duration.ofSeconds(5))) {
			int lostId = child.workerId();
			List<JdbcLeaseDeployment> others = new ArrayList<>();
			for (int i = 0; i < 31; i++) {
				JdbcLeaseDeployment other = support.startDeployment();
				other.getWorkerId();
				others.add(other);
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> child.countIds() > 100);

			child.signal("STOP");
			int linesBeforeFreeze = child.linesOnceDrained();
			JdbcLeaseDeployment successor = support.start(support.builder().markMaxWait(Duration.ofSeconds(30)).build());
			assertThat(successor.getWorkerId()).isEqualTo(lostId);
			IdServiceProxy successorIds = support.proxy(successor, Duration.ofSeconds(30));
			try (BackgroundIssuer successorIssuer = new BackgroundIssuer(successorIds)) {
				long thawedAt = System.currentTimeMillis();
				child.signal("CONT");
				JdbcLeaseDeployment leaving = others.get(0);
				int freedId = leaving.getWorkerId();
				leaving.close();
				await().atMost(Duration.ofSeconds(30))
					.until(() -> workerIdsAfter(child, linesBeforeFreeze).contains(freedId)
							&& successorIssuer.issued().size() > 100);
				successorIssuer.close();

				child.assertIssuedNothingWithItsLostIdAfterThaw(linesBeforeFreeze, thawedAt, lostId);
				assertThat(child.ids()).doesNotContainAnyElementsOf(successorIssuer.issued());
			}
		}
	}

	private static List<Integer> workerIdsAfter(LeaseHolderChild child, int fromLine) {
		List<String> lines = child.lines();
		return lines.subList(fromLine, lines.size())
			.stream()
			.filter((line) -> line.startsWith("ID "))
			.map((line) -> SnowflakeLayout.TWITTER.decompose(Long.parseLong(line.substring(3))).workerId())
			.toList();
	}

}
