package io.github.idgen.segment;

import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 1: two JVMs with four threads each take ids of one tag with a small step, and an operator
 * raises the row's step mid-run above the largest dynamic step (so the row's step wins): no id twice,
 * each thread's ids strictly increasing, and every range allocated after the change has the new step.
 */
class TwoInstancesTests {

	static final int THREADS = 4;

	static final int IDS_PER_THREAD = 3000;

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void twoJvmsWithAStepChangedMidRunNeverShareAnId(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("two-jvms");
		try (HikariDataSource pool = server.pool(1)) {
			SegmentTables.insertTag(pool, tag, 10);
			ClientProcesses.Client first = ClientProcesses.start(server, tag, THREADS, IDS_PER_THREAD, 40);
			ClientProcesses.Client second = ClientProcesses.start(server, tag, THREADS, IDS_PER_THREAD, 40);
			first.awaitReady();
			second.awaitReady();
			await().until(() -> first.all.size() + second.all.size() > IDS_PER_THREAD * THREADS / 2);
			SegmentTables.update(pool, "UPDATE idgen_segment SET step = 60 WHERE tag = ?", tag);
			// an allocation that locked the row before the change ends before it; every one after reads 60
			long[] atChange = SegmentTables.maxIdAndVersion(pool, tag);
			first.awaitDone();
			second.awaitDone();
			long[] atEnd = SegmentTables.maxIdAndVersion(pool, tag);
			long allocationsAfterChange = atEnd[1] - atChange[1];
			assertThat(allocationsAfterChange).isPositive();
			assertThat(atEnd[0] - atChange[0]).as("ids allocated in %d ranges after the step was raised to 60",
					allocationsAfterChange).isEqualTo(60 * allocationsAfterChange);
			List<List<Long>> idsPerThread = new ArrayList<>(first.idsPerThread());
			idsPerThread.addAll(second.idsPerThread());
			assertThat(idsPerThread).hasSize(2 * THREADS);
			assertThat(RealDatabases.assertUniqueAndEachIncreasing(idsPerThread)).isEqualTo(2 * THREADS * IDS_PER_THREAD);
			assertThat(RealDatabases.maxId(pool, tag)).isGreaterThanOrEqualTo(2L * THREADS * IDS_PER_THREAD);
		}
	}

}
