package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Instances in separate JVMs issuing ids of one composed tag (business id and shard bits), one of
 * them killed with {@code kill -9} while it takes ids and another started after it: no id twice, each
 * thread's ids strictly increasing, and every id carrying the tag's business id and the shard its
 * caller asked for.
 */
class ComposedTagKillTests {

	static final SegmentComposition COMPOSITION = new SegmentComposition(2, 2, 3);

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void noIdTwiceThroughAKillAndEveryIdCarriesItsShard(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("composed-kill");
		try (HikariDataSource pool = server.pool(1)) {
			SegmentTables.update(pool, "INSERT INTO " + SegmentTables.TABLE + " (tag, step, business_id, business_bits,"
					+ " shard_bits) VALUES (?, 100, 2, 2, 3)", tag);
			ClientProcesses.Client killed = ClientProcesses.start(server, tag, 2, 0, 10_000);
			ClientProcesses.Client survivor = ClientProcesses.start(server, tag, 2, 20_000, 10_000);
			killed.awaitReady();
			survivor.awaitReady();
			await().atMost(Duration.ofSeconds(60)).until(() -> killed.all.size() > 10_000 && survivor.all.size() > 5_000);
			killed.kill();
			ClientProcesses.Client restarted = ClientProcesses.start(server, tag, 2, 5_000, 10_000);
			restarted.awaitReady();
			restarted.awaitDone();
			survivor.awaitDone();
			List<List<Long>> idsPerThread = new ArrayList<>(killed.idsPerThread());
			idsPerThread.addAll(survivor.idsPerThread());
			idsPerThread.addAll(restarted.idsPerThread());
			assertThat(RealDatabases.assertUniqueAndEachIncreasing(idsPerThread)).isGreaterThan(60_000);
			for (ClientProcesses.Client client : List.of(killed, survivor, restarted)) {
				client.idsByThread.forEach((thread, ids) -> {
					for (int n = 0; n < ids.size(); n++) {
						long id = ids.get(n);
						assertThat(COMPOSITION.shardOf(id)).as("shard of id %d", id).isEqualTo((thread + n) % 8);
						assertThat(COMPOSITION.businessIdOf(id)).as("business id of id %d", id).isEqualTo(2);
					}
				});
			}
		}
	}

}
