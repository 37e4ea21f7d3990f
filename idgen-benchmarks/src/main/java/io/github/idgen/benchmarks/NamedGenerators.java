package io.github.idgen.benchmarks;

import java.time.Duration;
import java.time.Instant;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * JMH states of named generators: an {@link IdServiceProxy} of its own name and layout beside the
 * deployment's default one, on the same live lease (a ZooKeeper node, as in {@link Generators.Proxy}).
 * The benchmarks call the named one; the default one exists, as in an application with both.
 */
public final class NamedGenerators {

	/** The name every named generator here has. */
	static final String NAME = "orders";

	private NamedGenerators() {
	}

	/** A named generator of Twitter's layout, on the system clock: at the layout's ceiling. */
	@State(Scope.Benchmark)
	public static class NamedProxy extends Generators.Proxy {

		IdServiceProxy named;

		@Setup(Level.Trial)
		public void setUpNamed() {
			this.named = new IdServiceProxy(this.deployment, NAME, SnowflakeLayout.TWITTER, Duration.ofSeconds(2),
					IdServiceTwitter::builder);
		}

		@TearDown(Level.Trial)
		public void tearDownNamed() {
			this.named.close();
		}

	}

	/** {@link NamedProxy} on the uncapped clock: the cost of a named generator's id without the ceiling. */
	@State(Scope.Benchmark)
	public static class UncappedNamedProxy extends Generators.UncappedProxy {

		IdServiceProxy named;

		@Setup(Level.Trial)
		public void setUpNamed() {
			this.named = new IdServiceProxy(this.deployment, NAME, SnowflakeLayout.TWITTER.withEpoch(Instant.EPOCH),
					Duration.ofSeconds(2), IdServiceTwitter::builder);
		}

		@TearDown(Level.Trial)
		public void tearDownNamed() {
			this.named.close();
		}

	}

	/**
	 * A named generator of {@link SnowflakeLayout#JAVASCRIPT_SAFE} on the default one's lease, on the
	 * system clock: at its own ceiling, 4096 ids per second.
	 */
	@State(Scope.Benchmark)
	public static class NamedJavascriptSafeProxy extends Generators.Proxy {

		IdServiceProxy named;

		@Setup(Level.Trial)
		public void setUpNamed() {
			this.named = new IdServiceProxy(this.deployment, NAME, SnowflakeLayout.JAVASCRIPT_SAFE, Duration.ofSeconds(2),
					IdServiceTwitter::builder);
		}

		@TearDown(Level.Trial)
		public void tearDownNamed() {
			this.named.close();
		}

	}

}
