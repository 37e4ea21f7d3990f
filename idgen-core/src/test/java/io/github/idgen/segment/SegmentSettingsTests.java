package io.github.idgen.segment;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link SegmentSettings}: what it refuses.
 */
class SegmentSettingsTests {

	@Test
	void retryIntervalBelowTenMillisecondsIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> SegmentSettings.DEFAULTS.withRetryInterval(Duration.ZERO))
			.withMessage("retryInterval must be at least PT0.01S, was PT0S");
		assertThat(SegmentSettings.DEFAULTS.withRetryInterval(Duration.ofMillis(10)).retryInterval())
			.isEqualTo(Duration.ofMillis(10));
	}

}
