package io.github.idgen.redis;

import java.time.Duration;

import io.github.idgen.testsupport.LeaseHolderChild;
import io.github.idgen.testsupport.LeaseScenarios;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Lease holders in their own JVMs, as a crashed or paused instance is: one killed with SIGKILL while
 * every other id is held (its id is free a lease timeout later, not before), one frozen with SIGSTOP
 * past its lease timeout while a successor takes its id (thawed, it issues nothing with that id).
 */
@EnabledOnOs(OS.LINUX)
class RedisProcessTests {

	private final RedisServer server = RedisServer.shared();

	@Test
	void theIdOfAKilledProcessIsTakenOverAfterALeaseTimeoutAndNotBefore() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server)) {
			support.settleWorkerIds();
			try (LeaseHolderChild child = RedisLeaseHolderProcess.start(this.server, support.group(), 60,
					RedisLeaseTestSupport.MARK_INTERVAL)) {
				LeaseScenarios.killedHolderIsTakenOverAfterALeaseTimeout(support, child);
			}
		}
	}

	@Test
	void aHolderFrozenPastItsLeaseIssuesNothingWithItsIdAfterThawAndLeasesAnother() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(this.server)) {
			support.settleWorkerIds();
			// marks written 5 s apart are still ahead of the child's clock when it thaws: only the lease
			// deadline can stop it from issuing with the id it lost
			try (LeaseHolderChild child = RedisLeaseHolderProcess.start(this.server, support.group(), 60,
					Duration.ofSeconds(5))) {
				LeaseScenarios.frozenHolderIssuesNothingWithItsIdAfterThaw(support, child,
						() -> support.start(support.builder().markMaxWait(Duration.ofSeconds(30)).build()));
			}
		}
	}

}
