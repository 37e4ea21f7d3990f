package io.github.idgen.redis;

import java.io.IOException;
import java.time.Duration;

import io.github.idgen.testsupport.IssuingLoop;
import io.github.idgen.testsupport.LeaseHolderChild;
import io.github.idgen.testsupport.RedisServer;
import io.lettuce.core.RedisURI;

/**
 * A separate JVM that leases a worker id from Redis and runs the {@link IssuingLoop}. Started by the
 * process tests through a {@link LeaseHolderChild}, which kills or freezes it. Arguments: Redis port,
 * lease group, run time in seconds, high-water mark interval in milliseconds.
 */
public final class RedisLeaseHolderProcess {

	private RedisLeaseHolderProcess() {
	}

	public static void main(String[] args) throws Exception {
		RedisURI uri = RedisURI.builder()
			.withHost("127.0.0.1")
			.withPort(Integer.parseInt(args[0]))
			.withTimeout(Duration.ofSeconds(2))
			.build();
		Duration markInterval = Duration.ofMillis(Long.parseLong(args[3]));
		try (RedisConnector connector = RedisConnector.create(uri);
				RedisLeaseDeployment deployment = RedisLeaseDeployment.builder(connector)
					.leaseGroup(args[1])
					.leaseTimeout(RedisLeaseTestSupport.LEASE_TIMEOUT)
					.markInterval(markInterval)
					.markMaxWait(markInterval.multipliedBy(3))
					.build()) {
			deployment.start();
			IssuingLoop.run(deployment, Duration.ofSeconds(Long.parseLong(args[2])), System.out);
		}
	}

	/**
	 * Starts this process on a server and waits until it has leased.
	 * @param server the server
	 * @param group the lease group
	 * @param runSeconds how long it issues
	 * @param markInterval its high-water mark interval
	 * @return the child
	 * @throws IOException if the JVM cannot be started
	 */
	static LeaseHolderChild start(RedisServer server, String group, int runSeconds, Duration markInterval)
			throws IOException {
		return new LeaseHolderChild(RedisLeaseHolderProcess.class, Integer.toString(server.port()), group,
				Integer.toString(runSeconds), Long.toString(markInterval.toMillis()));
	}

}
