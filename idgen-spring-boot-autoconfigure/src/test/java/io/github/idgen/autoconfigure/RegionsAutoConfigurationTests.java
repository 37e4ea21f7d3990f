package io.github.idgen.autoconfigure;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.actuate.endpoint.IdgenEndpoint;
import io.github.idgen.actuate.endpoint.IdgenEndpoint.IdDescriptor;
import io.github.idgen.autoconfigure.endpoint.IdgenEndpointAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.cluster.LeaseTestSupport;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static io.github.idgen.autoconfigure.IdLayoutAutoConfigurationTests.assertRejected;
import static io.github.idgen.autoconfigure.IdServiceAutoConfigurationTests.assertPropertyRefused;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code xxx.common.regions} and {@code xxx.common.region}: the datacenter id by region name, its rules,
 * the region in the start-up line and {@code /actuator/idgen}, and two regions, each on its own real
 * ZooKeeper server, leasing node ids no instance of the other holds; one test per condition.
 */
@ExtendWith(OutputCaptureExtension.class)
class RegionsAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport europe = LeaseTestSupport.withTestingServer();

	@RegisterExtension
	static final LeaseTestSupport america = LeaseTestSupport.withTestingServer();

	private static final AtomicInteger databases = new AtomicInteger();

	private static final String[] REGIONS = { "xxx.common.regions.eu=1", "xxx.common.regions.us=2" };

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
				DataSourceAutoConfiguration.class, JdbcIdServiceAutoConfiguration.class,
				IdgenStartupLineAutoConfiguration.class, IdgenEndpointAutoConfiguration.class))
		.withPropertyValues(REGIONS);

	@Test
	void theRegionsDatacenterIdIsTheInstancesAndTheStartUpLineNamesTheRegion(CapturedOutput output) {
		this.contextRunner.withPropertyValues("xxx.common.region=us", "xxx.common.id-worker-id=5").run((context) -> {
			IdServiceTwitter idService = context.getBean(IdServiceTwitter.class);
			assertThat(SnowflakeLayout.TWITTER.decompose(idService.nextId()).datacenterId()).isEqualTo(2);
		});
		assertThat(output).contains("idgen started in fixed mode: worker id 5 (set by xxx.common.id-worker-id),"
				+ " datacenter id 2 (region us), layout twitter");
	}

	@Test
	void theEndpointShowsTheRegionAndDecodesAnIdOfAnotherRegionToItsName() {
		this.contextRunner.withPropertyValues("xxx.common.region=eu", "management.endpoints.web.exposure.include=idgen")
			.run((context) -> {
				IdgenEndpoint endpoint = context.getBean(IdgenEndpoint.class);
				assertThat(endpoint.idgen().region()).isEqualTo("eu");
				long american = SnowflakeLayout.TWITTER.compose(Instant.now(), 2, 7, 0);
				IdDescriptor decoded = (IdDescriptor) endpoint.decompose(Long.toString(american)).getBody();
				assertThat(decoded.region()).isEqualTo("us");
				assertThat(decoded.datacenterId()).isEqualTo(2);
			});
	}

	@Test
	void aRegionThatIsNoneOfTheRegionsIsRefusedNamingThem() {
		this.contextRunner.withPropertyValues("xxx.common.region=asia")
			.run((context) -> assertRejected(context, "region", "xxx.common.region is 'asia', which is not one of"
					+ " xxx.common.regions (eu, us). Name this instance's region among them, or add"
					+ " 'xxx.common.regions.asia: <datacenter id>'"));
	}

	@Test
	void aDatacenterIdOtherThanTheRegionsIsRefusedAndTheSameOneAccepted() {
		this.contextRunner.withPropertyValues("xxx.common.region=eu", "xxx.common.id-data-center-id=2")
			.run((context) -> assertRejected(context, "idDataCenterId", "xxx.common.id-data-center-id is 2, but"
					+ " xxx.common.region 'eu' has datacenter id 1 (xxx.common.regions.eu)"));
		this.contextRunner.withPropertyValues("xxx.common.region=eu", "xxx.common.id-data-center-id=1")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void twoRegionsOnOneDatacenterIdAreRefused() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class))
			.withPropertyValues("xxx.common.regions.eu=3", "xxx.common.regions.us=3", "xxx.common.region=eu")
			.run((context) -> assertRejected(context, "regions",
					"xxx.common.regions.eu and xxx.common.regions.us are both datacenter id 3"));
	}

	@Test
	void aRegionsDatacenterIdAboveTheLayoutsIsRefusedNamingTheRegionsKey() {
		this.contextRunner.withPropertyValues("xxx.common.regions.mars=32", "xxx.common.region=mars")
			.run((context) -> assertPropertyRefused(context, "xxx.common.regions.mars", 32, "between 0 and 31"));
	}

	@Test
	void aRegionWithTheNodeIdLeaseRangeIsRefused() {
		this.contextRunner
			.withPropertyValues("xxx.common.region=eu", "xxx.common.jdbc-enabled=true", "xxx.common.lease-range=node-id",
					"spring.datasource.url=jdbc:h2:mem:regions" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1")
			.run((context) -> assertPropertyRefused(context, "xxx.common.region", "eu",
					"xxx.common.lease-range=node-id leases node ids of every datacenter"));
	}

	@Test
	void twoRegionsEachOnItsOwnZooKeeperNeverLeaseTheSameNodeIdAndWithoutRegionsTheyShareOneRange() {
		List<Integer> nodeIds = new ArrayList<>();
		// all six instances hold their leases at once
		runningAtOnce(zooKeeperOf(europe, "xxx.common.region=eu"), 3, nodeIds,
				() -> runningAtOnce(zooKeeperOf(america, "xxx.common.region=us"), 3, nodeIds, () -> {
				}));
		assertThat(nodeIds).hasSize(6).doesNotHaveDuplicates();
		assertThat(nodeIds.subList(0, 3)).allSatisfy((nodeId) -> assertThat(nodeId >>> 5).isEqualTo(1));
		assertThat(nodeIds.subList(3, 6)).allSatisfy((nodeId) -> assertThat(nodeId >>> 5).isEqualTo(2));

		// the same two stores without regions: both lease from datacenter 0's 32 node ids, a duplicate-id path
		List<Integer> without = new ArrayList<>();
		runningAtOnce(zooKeeperOf(europe, "xxx.common.zookeeper-worker-ids-path=/plain/worker_ids"), 3, without,
				() -> runningAtOnce(zooKeeperOf(america, "xxx.common.zookeeper-worker-ids-path=/plain/worker_ids"), 3,
						without, () -> {
						}));
		assertThat(without).hasSize(6).allSatisfy((nodeId) -> assertThat(nodeId >>> 5).isZero());
	}

	private ApplicationContextRunner zooKeeperOf(LeaseTestSupport zookeeper, String setting) {
		return this.contextRunner.withPropertyValues("xxx.common.zookeeper-enabled=true",
				"xxx.common.zookeeper-addr=" + zookeeper.connectString(), "xxx.common.zookeeper-session-timeout=2s",
				"xxx.common.lease-wait-timeout=5s", setting);
	}

	/** Starts instances one inside the other, so that all run when {@code then} does; collects node ids. */
	private static void runningAtOnce(ApplicationContextRunner runner, int instances, List<Integer> nodeIds,
			Runnable then) {
		if (instances == 0) {
			then.run();
			return;
		}
		runner.run((context) -> {
			assertThat(context).hasNotFailed();
			long id = context.getBean(IdService.class).nextId();
			nodeIds.add(SnowflakeLayout.TWITTER.decompose(id).datacenterId() << 5
					| SnowflakeLayout.TWITTER.decompose(id).workerId());
			runningAtOnce(runner, instances - 1, nodeIds, then);
		});
	}

}
