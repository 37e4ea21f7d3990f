package io.github.idgen.benchmarks;

import java.io.Closeable;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import cn.hutool.core.lang.Snowflake;
import com.baomidou.mybatisplus.core.toolkit.Sequence;
import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.lease.AbstractLeaseDeployment;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseDeploymentBuilder;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SequenceStart;
import io.github.idgen.snowflake.SnowflakeLayout;
import me.ahoo.cosid.snowflake.MillisecondSnowflakeId;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.curator.test.TestingServer;
import org.h2.jdbcx.JdbcDataSource;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One JMH state per generator, each {@link Scope#Benchmark}: every thread of a benchmark calls the
 * same generator, as the threads of one service share its {@code IdService} bean. A benchmark only
 * sets up the states it takes, so no other generator (and no ZooKeeper) runs beside it.
 */
public final class Generators {

	/** Fixed worker id and datacenter id given to every generator. */
	static final int WORKER_ID = 7;

	/** Fixed datacenter id given to every generator. */
	static final int DATACENTER_ID = 3;

	private Generators() {
	}

	/** idgen's Snowflake generator with its default epoch (Twitter's) and the system clock. */
	@State(Scope.Benchmark)
	public static class Twitter {

		IdServiceTwitter generator;

		@Setup(Level.Trial)
		public void setUp() {
			this.generator = new IdServiceTwitter(WORKER_ID, DATACENTER_ID);
		}

	}

	/**
	 * idgen's cluster-mode {@code IdService} holding a live lease, on an in-process ZooKeeper or (JDBC
	 * mode) in an in-memory H2 database, so that the fencing check is on the measured path, as is the
	 * lease renewal in the background. The tear-down reports a lease that changed or lapsed: the
	 * figures only count if every id came from the fast path under the one lease.
	 */
	public abstract static class LeasedProxy {

		private Closeable server;

		AbstractLeaseDeployment deployment;

		IdServiceProxy generator;

		private WorkerIdLease lease;

		/** A fresh generator builder for the proxy; the proxy sets the deployment's clock. */
		abstract Supplier<IdServiceTwitter.Builder> generatorSettings();

		/** The deployment's settings: its clock is the clock of the proxy's ids. */
		<B extends LeaseDeploymentBuilder<B>> B deploymentSettings(B builder) {
			return builder;
		}

		/**
		 * Whether the lease is a row of a table in an in-memory H2 database (JDBC mode) rather than a
		 * ZooKeeper node. H2 is enough here: the lease's requests run on the keeper's thread, never on the
		 * {@code nextId()} path, which reads the lease's deadline in memory whatever the backend.
		 */
		boolean jdbc() {
			return false;
		}

		@Setup(Level.Trial)
		public void setUp() throws Exception {
			ClusterDeployment leased;
			if (jdbc()) {
				JdbcDataSource h2 = new JdbcDataSource();
				h2.setURL("jdbc:h2:mem:idgen-benchmarks;DB_CLOSE_DELAY=-1");
				JdbcLeaseDeployment jdbcDeployment = deploymentSettings(JdbcLeaseDeployment.builder(h2)).build();
				jdbcDeployment.start();
				leased = jdbcDeployment;
				this.deployment = jdbcDeployment;
			}
			else {
				TestingServer testingServer = new TestingServer(true);
				this.server = testingServer;
				ClusterDeploymentImpl zookeeper = deploymentSettings(
						ClusterDeploymentImpl.builder(testingServer.getConnectString()).workerIdsPath("/idgen-benchmarks/worker_ids"))
					.build();
				zookeeper.start();
				leased = zookeeper;
				this.deployment = zookeeper;
			}
			this.generator = new IdServiceProxy(leased, Duration.ofSeconds(2), generatorSettings());
			this.lease = this.generator.getLease();
		}

		@TearDown(Level.Trial)
		public void tearDown() throws Exception {
			if (this.generator.getLease() != this.lease || this.lease.getState() != WorkerIdLease.State.ACTIVE
					|| !this.lease.isValid()) {
				System.err.println("WARNING: the lease changed or lapsed during the trial: " + this.generator.getLease());
			}
			this.generator.close();
			this.deployment.close();
			if (this.server != null) {
				this.server.close();
			}
		}

	}

	/** {@link LeasedProxy} with the default generator: Twitter's epoch, the system clock. */
	@State(Scope.Benchmark)
	public static class Proxy extends LeasedProxy {

		@Override
		Supplier<IdServiceTwitter.Builder> generatorSettings() {
			return IdServiceTwitter::builder;
		}

	}

	/**
	 * {@link Proxy} inside a Spring Boot application with Micrometer: idgen's auto-configuration
	 * builds the {@code IdService} and binds its {@code idgen.*} meters to the application's
	 * {@code MeterRegistry}, as in a user's service with metrics on.
	 */
	@State(Scope.Benchmark)
	public static class MeteredProxy {

		TestingServer server;

		ConfigurableApplicationContext context;

		IdService generator;

		private MeterRegistry registry;

		@Setup(Level.Trial)
		public void setUp() throws Exception {
			this.server = new TestingServer(true);
			this.context = new SpringApplicationBuilder(EmptyConfig.class).web(WebApplicationType.NONE)
				.logStartupInfo(false)
				.run("--xxx.common.zookeeper-enabled=true",
						"--xxx.common.zookeeper-addr=" + this.server.getConnectString(),
						"--xxx.common.zookeeper-worker-ids-path=/idgen-benchmarks-metered/worker_ids");
			this.generator = this.context.getBean(IdService.class);
			this.registry = this.context.getBean(MeterRegistry.class);
			if (this.registry.find("idgen.ids.issued").functionCounter() == null) {
				throw new IllegalStateException("idgen's meters are not bound: the benchmark would not measure them");
			}
		}

		@TearDown(Level.Trial)
		public void tearDown() throws Exception {
			System.err.println("idgen.ids.issued = " + this.registry.get("idgen.ids.issued").functionCounter().count());
			this.context.close();
			this.server.close();
		}

	}

	/**
	 * A clock that ticks every microsecond but claims they are milliseconds: 4096 ids per
	 * microsecond are never reached, so the generator never waits and the benchmark measures what
	 * an id costs in CPU rather than the layout's ceiling. Counts from 1 at set-up, with epoch 1970.
	 */
	static MillisClock uncappedClock() {
		long origin = System.nanoTime();
		return () -> (System.nanoTime() - origin) / 1000 + 1;
	}

	/** Twitter's layout with epoch 1970 on the {@link #uncappedClock()}. */
	static IdServiceTwitter uncappedTwitter(SequenceStart sequenceStart) {
		return IdServiceTwitter.builder()
			.workerId(WORKER_ID)
			.datacenterId(DATACENTER_ID)
			.epoch(Instant.EPOCH)
			.sequenceStart(sequenceStart)
			.clock(uncappedClock())
			.build();
	}

	/** {@link Twitter} on the {@link #uncappedClock()}: the cost of an id, without the ceiling. */
	@State(Scope.Benchmark)
	public static class UncappedTwitter {

		IdServiceTwitter generator;

		@Setup(Level.Trial)
		public void setUp() {
			this.generator = uncappedTwitter(SequenceStart.ZERO);
		}

	}

	/**
	 * {@link UncappedTwitter} with {@link SequenceStart#ROTATE}: what spreading the low bits costs an
	 * id (nothing measurable is the aim: the start is one mask on the path of a new time unit).
	 */
	@State(Scope.Benchmark)
	public static class UncappedTwitterRotate {

		IdServiceTwitter generator;

		@Setup(Level.Trial)
		public void setUp() {
			this.generator = uncappedTwitter(SequenceStart.ROTATE);
		}

	}

	/**
	 * {@link SnowflakeLayout#JAVASCRIPT_SAFE} (1 s units) on a clock that claims every nanosecond is a
	 * millisecond: a unit per microsecond, whose 4096 ids are never used up, so the benchmark measures
	 * what an id of a coarse layout costs in CPU (the division by the unit included).
	 */
	@State(Scope.Benchmark)
	public static class UncappedJavascriptSafe {

		IdServiceTwitter generator;

		@Setup(Level.Trial)
		public void setUp() {
			long origin = System.nanoTime();
			this.generator = javascriptSafe(() -> System.nanoTime() - origin + 1);
		}

	}

	/**
	 * {@link SnowflakeLayout#JAVASCRIPT_SAFE} at its own ceiling, 4096 ids per second per node, on a
	 * clock that runs a thousand times fast (a second per real millisecond) and pauses for a
	 * thousandth of the time asked: the benchmark's ids per microsecond are the layout's ids per
	 * second in thousands (4.096 at the ceiling), measured in seconds instead of minutes.
	 */
	@State(Scope.Benchmark)
	public static class JavascriptSafeThousandfold {

		IdServiceTwitter generator;

		@Setup(Level.Trial)
		public void setUp() {
			this.generator = javascriptSafe(new ThousandfoldClock());
		}

	}

	/** The JavaScript-safe layout with epoch 1970, for clocks that count from 1 at set-up. */
	static IdServiceTwitter javascriptSafe(MillisClock clock) {
		return IdServiceTwitter.builder()
			.layout(SnowflakeLayout.JAVASCRIPT_SAFE.withEpoch(Instant.EPOCH))
			.workerId(WORKER_ID)
			.datacenterId(DATACENTER_ID)
			.clock(clock)
			.build();
	}

	/** A clock a thousand times fast: a millisecond per real microsecond; counts from 1 at set-up. */
	static final class ThousandfoldClock implements MillisClock {

		private final long origin = System.nanoTime();

		@Override
		public long millis() {
			return (System.nanoTime() - this.origin) / 1000 + 1;
		}

		@Override
		public void pause(long millis) {
			LockSupport.parkNanos(millis * 1000);
		}

	}

	/** {@link LeasedProxy} on the {@link #uncappedClock()}: the cost of the fencing check, without the ceiling. */
	@State(Scope.Benchmark)
	public static class UncappedProxy extends LeasedProxy {

		@Override
		Supplier<IdServiceTwitter.Builder> generatorSettings() {
			return () -> IdServiceTwitter.builder().epoch(Instant.EPOCH);
		}

		/**
		 * The uncapped clock as the deployment's, so the proxy stamps its ids with it. That clock runs a
		 * thousand times fast, and a mark promises ids up to twice the mark interval ahead of it: an
		 * interval of 10 hours keeps the first mark ahead for 72 s of real time, longer than a trial.
		 */
		@Override
		<B extends LeaseDeploymentBuilder<B>> B deploymentSettings(B builder) {
			return builder.clock(uncappedClock()).markInterval(Duration.ofHours(10)).markMaxWait(Duration.ofHours(21));
		}

	}

	/** {@link Proxy} in JDBC mode: the lease is a row of an in-memory H2 database. */
	@State(Scope.Benchmark)
	public static class JdbcProxy extends Proxy {

		@Override
		boolean jdbc() {
			return true;
		}

	}

	/** {@link UncappedProxy} in JDBC mode: the lease is a row of an in-memory H2 database. */
	@State(Scope.Benchmark)
	public static class UncappedJdbcProxy extends UncappedProxy {

		@Override
		boolean jdbc() {
			return true;
		}

	}

	/** Hutool's {@code Snowflake(workerId, dataCenterId)}: Twitter's epoch, synchronized. */
	@State(Scope.Benchmark)
	public static class Hutool {

		Snowflake generator;

		@Setup(Level.Trial)
		public void setUp() {
			this.generator = new Snowflake(WORKER_ID, DATACENTER_ID);
		}

	}

	/**
	 * CosId's {@code MillisecondSnowflakeId(machineId)}: CosId's epoch (2019-12-24T16:00Z), one
	 * 10-bit machine id (here datacenter id × 32 + worker id), synchronized.
	 */
	@State(Scope.Benchmark)
	public static class CosId {

		MillisecondSnowflakeId generator;

		@Setup(Level.Trial)
		public void setUp() {
			this.generator = new MillisecondSnowflakeId((DATACENTER_ID << 5) | WORKER_ID);
		}

	}

	/**
	 * MyBatis-Plus's {@code Sequence(workerId, datacenterId)}: Twitter's epoch, synchronized, a
	 * clock cached by a background thread.
	 */
	@State(Scope.Benchmark)
	public static class MybatisPlus {

		Sequence generator;

		@Setup(Level.Trial)
		public void setUp() {
			this.generator = new Sequence(WORKER_ID, DATACENTER_ID);
		}

	}

	/** A shared counter: the floor under any generator that all threads must agree on. */
	@State(Scope.Benchmark)
	public static class Counter {

		final AtomicLong counter = new AtomicLong();

	}

}
