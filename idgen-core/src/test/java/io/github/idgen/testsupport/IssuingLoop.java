package io.github.idgen.testsupport;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.IdServiceTwitter;

/**
 * The main loop of a lease holder in its own JVM, whatever its backend: prints {@code LEASED n}, then
 * {@code ID n} per id and {@code REFUSED} per refused call, one every 0.2 ms, until the run time is up.
 * {@link LeaseHolderChild} reads what it prints.
 */
public final class IssuingLoop {

	private IssuingLoop() {
	}

	/**
	 * Issues with a proxy on a started deployment; a call that finds the lease unproven is refused at
	 * once (no lease wait), so that a frozen and thawed process shows what it would have issued.
	 * @param deployment the started deployment
	 * @param runTime how long to issue
	 * @param out where the lines go
	 */
	public static void run(ClusterDeployment deployment, Duration runTime, PrintStream out) {
		try (IdServiceProxy proxy = new IdServiceProxy(deployment, Duration.ZERO, IdServiceTwitter::builder)) {
			out.println("LEASED " + deployment.getWorkerId());
			out.flush();
			long end = System.nanoTime() + runTime.toNanos();
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
		}
	}

}
