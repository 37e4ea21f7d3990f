package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.LeaseHolderChild;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Instances in separate JVMs issuing shard-carrying ids of one generator under a lease, as fast as
 * they can, while one of them is killed with {@code kill -9} and a third takes its worker id over (the
 * layout has two): no id twice among all of them, each instance's ids strictly increasing, and every
 * id's lowest bits the shard it was asked for.
 */
@EnabledOnOs(OS.LINUX)
class ShardedGeneratorKillTests {

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void noIdTwiceThroughAKillAndEveryIdCarriesTheShardAskedFor(DatabaseServer server) throws Exception {
		try (HikariDataSource pool = server.pool(2); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool);
				LeaseHolderChild killed = ShardedLeaseHolderProcess.start(server, support.group(), 60);
				LeaseHolderChild survivor = ShardedLeaseHolderProcess.start(server, support.group(), 12)) {
			assertThat(survivor.workerId()).isNotEqualTo(killed.workerId());
			await().atMost(Duration.ofSeconds(30)).until(() -> idsOf(killed).size() > 20_000);
			killed.kill();
			try (LeaseHolderChild successor = ShardedLeaseHolderProcess.start(server, support.group(), 4)) {
				// the killed instance's worker id, free once its lease timed out; or, on a machine slow enough
				// that the survivor finished its run and gave its worker id back first, that one
				assertThat(successor.workerId()).as("a worker id no live instance holds")
					.isIn(killed.workerId(), survivor.workerId());
				if (successor.workerId() == survivor.workerId()) {
					assertThat(survivor.lines()).as("the survivor, whose worker id the successor holds, is done").contains("DONE");
				}
				await().atMost(Duration.ofSeconds(60)).until(() -> successor.lines().contains("DONE"));
				await().atMost(Duration.ofSeconds(60)).until(() -> survivor.lines().contains("DONE"));
				Set<Long> all = new HashSet<>();
				long total = 0;
				for (LeaseHolderChild child : List.of(killed, survivor, successor)) {
					List<Long> ids = idsOf(child);
					assertThat(ids).as("ids of one instance, in the order it issued them").isSorted().doesNotHaveDuplicates();
					all.addAll(ids);
					total += ids.size();
				}
				assertThat(all).as("ids of all instances, the killed one's included").hasSize((int) total);
				assertThat(total).isGreaterThan(40_000);
			}
		}
	}

	/** The ids a child printed, checking on the way that each carries the shard of its line. */
	private static List<Long> idsOf(LeaseHolderChild child) {
		List<Long> ids = new ArrayList<>();
		for (String line : child.lines()) {
			if (line.startsWith("IDS ")) {
				String[] parts = line.split(" ");
				int shard = Integer.parseInt(parts[1]);
				for (String text : parts[2].split(",")) {
					long id = Long.parseLong(text);
					assertThat(id & 63).as("shard of id %d", id).isEqualTo(shard);
					assertThat(ShardedLeaseHolderProcess.LAYOUT.decompose(id).shard()).isEqualTo(shard);
					ids.add(id);
				}
			}
		}
		return ids;
	}

}
