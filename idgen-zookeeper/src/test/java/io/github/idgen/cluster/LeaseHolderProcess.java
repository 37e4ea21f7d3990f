package io.github.idgen.cluster;

import java.time.Duration;

import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.IssuingLoop;
import io.github.idgen.testsupport.LeaseHolderChild;

/**
 * A separate JVM that leases a worker id from ZooKeeper and runs the {@link IssuingLoop}. Started by
 * {@link ProcessCrashTests} through a {@link LeaseHolderChild}, which kills or freezes it. Arguments:
 * connect string, path, run time in seconds, high-water mark interval in milliseconds, and optionally
 * the layout: {@code javascript-safe} for {@link SnowflakeLayout#JAVASCRIPT_SAFE}, else
 * {@link SnowflakeLayout#TWITTER}.
 */
public final class LeaseHolderProcess {

	private LeaseHolderProcess() {
	}

	public static void main(String[] args) throws Exception {
		try (ClusterDeploymentImpl deployment = ClusterDeploymentImpl.builder(args[0])
			.workerIdsPath(args[1])
			.sessionTimeout(LeaseTestSupport.SESSION_TIMEOUT)
			.connectionTimeout(LeaseTestSupport.SESSION_TIMEOUT)
			.markInterval(Duration.ofMillis(Long.parseLong(args[3])))
			.layout((args.length > 4 && args[4].equals("javascript-safe")) ? SnowflakeLayout.JAVASCRIPT_SAFE
					: SnowflakeLayout.TWITTER)
			.build()) {
			deployment.start();
			IssuingLoop.run(deployment, Duration.ofSeconds(Long.parseLong(args[2])), System.out);
		}
	}

}
