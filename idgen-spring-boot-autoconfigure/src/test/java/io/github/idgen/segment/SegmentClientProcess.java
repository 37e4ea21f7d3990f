package io.github.idgen.segment;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.snowflake.IdService;

/**
 * A separate JVM, an instance of a service using segment ids: it takes ids of one tag on several
 * threads and prints {@code READY}, then {@code ID thread id} per id, then {@code DONE}. Started by
 * {@link TwoInstancesTests} and {@link InstanceKillTests}. Arguments: JDBC URL, user, password, tag,
 * threads, ids per thread (0: until killed), largest step.
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
		PrintStream out = System.out;
		try (HikariDataSource pool = new HikariDataSource(config);
				SegmentIdServices services = new SegmentIdServices(new JdbcSegmentStore(pool, SegmentTables.TABLE),
						RealDatabases.settings(maxStep, Duration.ofSeconds(20)))) {
			IdService service = services.forTag(tag);
			synchronized (out) {
				out.println("READY");
				out.flush();
			}
			List<Thread> workers = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				int thread = t;
				Thread worker = new Thread(() -> {
					for (long n = 0; idsPerThread == 0 || n < idsPerThread; n++) {
						long id = service.nextId();
						synchronized (out) {
							out.println("ID " + thread + " " + id);
							if (idsPerThread == 0) {
								out.flush();
							}
						}
					}
				});
				worker.start();
				workers.add(worker);
			}
			for (Thread worker : workers) {
				worker.join();
			}
			synchronized (out) {
				out.println("DONE");
				out.flush();
			}
		}
	}

}
