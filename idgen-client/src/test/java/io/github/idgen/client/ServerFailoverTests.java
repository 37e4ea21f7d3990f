package io.github.idgen.client;

import java.net.URI;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Found by {@link ServerFailoverLincheckTests}: the counter of the server each allocation asks first
 * wrapped past {@link Integer#MAX_VALUE} to a value of the same remainder, so two allocations in a
 * row began with the same server.
 */
class ServerFailoverTests {

	private static final List<URI> SERVERS = List.of(URI.create("http://ids-0:8080"), URI.create("http://ids-1:8080"),
			URI.create("http://ids-2:8080"));

	@Test
	void allocationsBeginWithTheServersInTurnAcrossTheCounterWrapping() {
		ServerFailover failover = new ServerFailover(SERVERS, Integer.MAX_VALUE);
		URI first = failover.nextOrder().get(0);
		URI second = failover.nextOrder().get(0);
		URI third = failover.nextOrder().get(0);
		assertThat(List.of(first, second, third)).containsExactlyInAnyOrderElementsOf(SERVERS);
	}

}
