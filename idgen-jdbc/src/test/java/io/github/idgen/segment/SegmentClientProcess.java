package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;

/**
 * A separate JVM, an instance of a service using segment ids: it takes ids of one tag on several
 * threads and prints {@code READY}, then {@code ID thread id} per id, then {@code DONE}; on standard
 * error {@code RANGE first last} per range it got from the store. Started by {@link TwoInstancesTests} and
 * {@link InstanceKillTests}. Arguments: JDBC URL, user, password, tag, threads, ids per thread (0:
 * until killed), largest step, and optionally the table and its tag column (a table of Leaf's shape). A tag whose ids carry a shard gets, for the n-th id of thread t, shard
 * {@code (t + n) mod 2^shardBits}.
 */
public final class SegmentClientProcess {

	private SegmentClientProcess() {
	}

	public static void main(String[] args) throws Exception {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(args[0]);
		config.setUsername(args[1]);
		config.setPassword(args[2]);
		config.setMaximumPoolSize(2);
		String tag = args[3];
		int threads = Integer.parseInt(args[4]);
		long idsPerThread = Long.parseLong(args[5]);
		int maxStep = Integer.parseInt(args[6]);
		String table = (args.length > 8) ? args[7] : SegmentTables.TABLE;
		String tagColumn = (args.length > 8) ? args[8] : "tag";
		try (HikariDataSource pool = new HikariDataSource(config);
				SegmentIdServices services = new SegmentIdServices(reporting(new JdbcSegmentStore(pool, table, tagColumn,
						JdbcSegmentStore.DEFAULT_ALLOCATION_TIMEOUT)),
						RealDatabases.settings(maxStep, Duration.ofSeconds(20)))) {
			SegmentIdService service = services.forTag(tag);
			int shards = 1 << service.shardBits();
			print("READY", true);
			List<Thread> workers = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				int thread = t;
				Thread worker = new Thread(() -> {
					for (long n = 0; idsPerThread == 0 || n < idsPerThread; n++) {
						long id = (shards > 1) ? service.nextId((int) ((thread + n) % shards)) : service.nextId();
						print("ID " + thread + " " + id, idsPerThread == 0);
					}
				});
				worker.start();
				workers.add(worker);
			}
			for (Thread worker : workers) {
				worker.join();
			}
			print("DONE", true);
		}
	}

	private static void print(String line, boolean flush) {
		synchronized (System.out) {
			System.out.println(line);
			if (flush) {
				System.out.flush();
			}
		}
	}

	/**
	 * The store, writing each range it hands out to standard error (a file) before the service can
	 * use it: the ids on standard output, a pipe, may wait for the reader, and a range line queued
	 * behind them could die with the process.
	 */
	private static SegmentStore reporting(SegmentStore store) {
		return new SegmentStore() {

			@Override
			public SegmentRange allocate(String tag, int requestedStep) {
				return reported(store.allocate(tag, requestedStep));
			}

			@Override
			public SegmentRange allocateExactly(String tag, int size) {
				return reported(store.allocateExactly(tag, size));
			}

			private SegmentRange reported(SegmentRange range) {
				System.err.println("RANGE " + range.firstId() + " " + range.lastId());
				return range;
			}

			@Override
			public String describe() {
				return store.describe();
			}

		};
	}

}
