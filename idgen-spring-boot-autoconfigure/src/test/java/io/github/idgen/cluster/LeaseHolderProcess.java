package io.github.idgen.cluster;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.IdServiceTwitter;

/**
 * A separate JVM that leases a worker id and issues ids, printing {@code LEASED n}, then
 * {@code ID n} per id and {@code REFUSED} per refused call, until its run time is up. Started by
 * {@link ProcessCrashTests}, which kills or freezes it. Arguments: connect string, path, run time in
 * seconds, high-water mark interval in milliseconds.
 */
public final class LeaseHolderProcess {

	private LeaseHolderProcess() {
	}

	public static void main(String[] args) throws Exception {
		String connectString = args[0];
		String path = args[1];
		long runNanos = TimeUnit.SECONDS.toNanos(Long.parseLong(args[2]));
		Duration markInterval = Duration.ofMillis(Long.parseLong(args[3]));
		PrintStream out = System.out;
		try (ClusterDeploymentImpl deployment = ClusterDeploymentImpl.builder(connectString)
			.workerIdsPath(path)
			.sessionTimeout(LeaseTestSupport.SESSION_TIMEOUT)
			.connectionTimeout(LeaseTestSupport.SESSION_TIMEOUT)
			.markInterval(markInterval)
			.build()) {
			deployment.start();
			IdServiceProxy proxy = new IdServiceProxy(deployment, Duration.ZERO, IdServiceTwitter::builder);
			out.println("LEASED " + deployment.getWorkerId());
			out.flush();
			long end = System.nanoTime() + runNanos;
			while (System.nanoTime() - end < 0) {
				try {
					out.println("ID " + proxy.nextId());
				}
				catch (WorkerIdLeaseUnavailableException ex) {
					out.println("REFUSED");
				}
				out.flush();
				LockSupport.parkNanos(200_000);
			}
			proxy.close();
		}
	}

}
