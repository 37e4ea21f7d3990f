package io.github.idgen.autoconfigure;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.snowflake.GeneratorStatistics;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * Fixed mode: one generator with the configured worker id, no lease, always issuing.
 */
final class FixedIdServiceInfo implements IdServiceInfo {

	private final IdServiceTwitter generator;

	FixedIdServiceInfo(IdServiceTwitter generator) {
		this.generator = generator;
	}

	@Override
	public String mode() {
		return "fixed";
	}

	@Override
	public int workerId() {
		return this.generator.getWorkerId();
	}

	@Override
	public int datacenterId() {
		return this.generator.getDatacenterId();
	}

	@Override
	public SnowflakeLayout layout() {
		return this.generator.getLayout();
	}

	@Override
	public @Nullable String whyNotIssuing() {
		return null;
	}

	@Override
	public GeneratorStatistics counters() {
		return this.generator;
	}

	@Override
	public @Nullable LeaseInfo lease() {
		return null;
	}

	@Override
	public void addChangeListener(Runnable listener) {
		// a fixed worker id never changes
	}

}
