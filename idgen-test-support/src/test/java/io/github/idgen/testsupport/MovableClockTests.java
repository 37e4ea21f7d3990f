package io.github.idgen.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link MovableClock}, also as code that asks for it in another zone sees it (a business number's
 * period is read in its code's zone).
 */
class MovableClockTests {

	@Test
	void inAnotherZoneItShowsTheSameInstantAndMovesWithTheClock() {
		MovableClock clock = new MovableClock(Instant.parse("2026-11-28T23:30:00Z"));
		Clock tokyo = clock.withZone(ZoneId.of("Asia/Tokyo"));
		assertThat(tokyo.getZone()).isEqualTo(ZoneId.of("Asia/Tokyo"));
		assertThat(tokyo.instant()).isEqualTo(clock.instant());
		clock.advance(Duration.ofMinutes(45));
		assertThat(tokyo.instant()).isEqualTo(Instant.parse("2026-11-29T00:15:00Z"));
		assertThat(tokyo.withZone(ZoneId.of("UTC")).instant()).isEqualTo(clock.instant());
	}

}
