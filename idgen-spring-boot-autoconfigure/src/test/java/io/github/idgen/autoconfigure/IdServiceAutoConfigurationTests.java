package io.github.idgen.autoconfigure;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.validation.BindValidationException;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.ConversionFailedException;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Tests for {@link IdServiceAutoConfiguration} (fixed mode) and the start-up validation of
 * {@link CommonProperties}, one test per condition.
 */
class IdServiceAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class));

	@Test
	void withoutPropertiesFixedModeGivesAnIdServiceTwitterNamedIdServiceWithWorkerAndDatacenterZeroAndTheDefaults() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(IdService.class)
				.hasSingleBean(IdServiceTwitter.class)
				.hasBean("idService")
				.doesNotHaveBean(ClusterDeployment.class)
				.doesNotHaveBean(IdServiceProxy.class);
			IdServiceTwitter idService = context.getBean("idService", IdServiceTwitter.class);
			assertThat(idService.getWorkerId()).isZero();
			assertThat(idService.getDatacenterId()).isZero();
			assertThat(idService.getLayout().epoch()).isEqualTo(SnowflakeLayout.DEFAULT_EPOCH);
			assertThat(idService.getClockBackwardsTolerance()).isEqualTo(Duration.ofMillis(5));
			SnowflakeId id = SnowflakeLayout.TWITTER.decompose(idService.nextId());
			assertThat(id.workerId()).isZero();
			assertThat(id.datacenterId()).isZero();
		});
	}

	@Test
	void everyFixedModePropertyIsBoundAndReflectedInTheIdService() {
		Instant epoch = Instant.parse("2020-01-01T00:00:00Z");
		this.contextRunner
			.withPropertyValues("xxx.common.id-worker-id=7", "xxx.common.id-data-center-id=19",
					"xxx.common.id-epoch=2020-01-01T00:00:00Z", "xxx.common.id-clock-backwards-tolerance=20ms")
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(IdServiceTwitter.class);
				IdServiceTwitter idService = context.getBean(IdServiceTwitter.class);
				assertThat(idService.getWorkerId()).isEqualTo(7);
				assertThat(idService.getDatacenterId()).isEqualTo(19);
				assertThat(idService.getLayout().epoch()).isEqualTo(epoch);
				assertThat(idService.getClockBackwardsTolerance()).isEqualTo(Duration.ofMillis(20));
				// taken apart independently of the bean's own layout
				SnowflakeId id = SnowflakeLayout.TWITTER.withEpoch(epoch).decompose(idService.nextId());
				assertThat(id.workerId()).isEqualTo(7);
				assertThat(id.datacenterId()).isEqualTo(19);
				// counted from 2020, not from Twitter's 2010 epoch (which would put it about 9 years ahead)
				assertThat(id.timestamp()).isCloseTo(Instant.now(), within(1, ChronoUnit.HOURS));
			});
	}

	@Test
	void zookeeperEnabledFalseGivesFixedMode() {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-enabled=false", "xxx.common.id-worker-id=3")
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(IdServiceTwitter.class)
					.doesNotHaveBean(ClusterDeployment.class)
					.doesNotHaveBean(IdServiceProxy.class);
				assertThat(context.getBean(IdServiceTwitter.class).getWorkerId()).isEqualTo(3);
			});
	}

	@Test
	void zookeeperSettingsAreNotValidatedInFixedMode() {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-worker-ids-path=idgen/no-slash")
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(IdServiceTwitter.class));
	}

	@Test
	void userDefinedIdServiceMakesTheAutoConfiguredOneBackOff() {
		IdService userIdService = new IdServiceTwitter(30, 30);
		this.contextRunner.withBean("myIdService", IdService.class, () -> userIdService).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(IdService.class).doesNotHaveBean("idService");
			assertThat(context.getBean(IdService.class)).isSameAs(userIdService);
		});
	}

	@Test
	void fixedModeDescribesItsGeneratorToOperators() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=9", "xxx.common.id-data-center-id=4")
			.run((context) -> {
				assertThat(context).hasSingleBean(IdServiceInfo.class).hasSingleBean(FixedIdServiceInfo.class);
				IdServiceInfo info = context.getBean(IdServiceInfo.class);
				context.getBean(IdService.class).nextIds(3);
				assertThat(info.mode()).isEqualTo("fixed");
				assertThat(info.workerId()).isEqualTo(9);
				assertThat(info.datacenterId()).isEqualTo(4);
				assertThat(info.isIssuing()).isTrue();
				assertThat(info.lease()).isNull();
				assertThat(info.counters().issuedIds()).isEqualTo(3);
			});
	}

	@Test
	void aUserIdServiceThatIsNoIdServiceTwitterIsNotDescribed() {
		IdService userIdService = new IdService() {

			@Override
			public long nextId() {
				throw new UnsupportedOperationException();
			}

			@Override
			public java.util.List<Long> nextIds(int num) {
				throw new UnsupportedOperationException();
			}

		};
		this.contextRunner.withBean("myIdService", IdService.class, () -> userIdService)
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdServiceInfo.class));
	}

	@Test
	void aUserIdServiceInfoBeanWins() {
		this.contextRunner.withUserConfiguration(UserIdServiceInfoConfiguration.class)
			.run((context) -> assertThat(context).hasSingleBean(IdServiceInfo.class)
				.doesNotHaveBean("idServiceInfo")
				.getBean(IdServiceInfo.class)
				.isSameAs(context.getBean("userIdServiceInfo")));
	}

	@Test
	void aNegativeWorkerIdFailsStartUp() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=-1")
			.run((context) -> assertValidationFailure(context, "idWorkerId", "xxx.common.id-worker-id",
					"must not be negative, was -1", "Give every instance its own worker id, or lease them"));
	}

	@Test
	void aWorkerIdAboveTheLayoutsLargestFailsStartUpNamingTheKeyAndTheRange() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=32")
			.run((context) -> assertPropertyRefused(context, "xxx.common.id-worker-id", 32,
					"must be between 0 and 31 (5 worker bits of the layout in force), was 32",
					"give the layout more worker bits, or lease the worker ids"));
	}

	@Test
	void aNegativeDataCenterIdFailsStartUp() {
		this.contextRunner.withPropertyValues("xxx.common.id-data-center-id=-1")
			.run((context) -> assertValidationFailure(context, "idDataCenterId",
					"xxx.common.id-data-center-id must not be negative, was -1."));
	}

	@Test
	void aDataCenterIdAboveTheLayoutsLargestFailsStartUp() {
		this.contextRunner.withPropertyValues("xxx.common.id-data-center-id=32")
			.run((context) -> assertPropertyRefused(context, "xxx.common.id-data-center-id", 32,
					"must be between 0 and 31 (5 datacenter bits of the layout in force), was 32"));
	}

	@Test
	void theWorkerIdComesFromTheOrdinalAtTheEndOfTheHostName() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id-from-hostname=true", "HOSTNAME=orders-7")
			.run((context) -> assertThat(context.getBean(IdServiceTwitter.class).getWorkerId()).isEqualTo(7));
	}

	@Test
	void theOrdinalIsTakenFromTheFirstLabelOfAQualifiedHostName() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-worker-id-from-hostname=true",
					"HOSTNAME=orders-12.orders.shop.svc.cluster.local")
			.run((context) -> assertThat(context.getBean(IdServiceTwitter.class).getWorkerId()).isEqualTo(12));
	}

	@Test
	void aHostNameWithoutATrailingNumberFailsStartUpNamingTheKeyAndTheHostName() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id-from-hostname=true", "HOSTNAME=orders-web")
			.run((context) -> assertPropertyRefused(context, "xxx.common.id-worker-id-from-hostname", true,
					"the host name 'orders-web' ends in no number", "or set xxx.common.id-worker-id"));
	}

	@Test
	void aHostNameOrdinalAboveTheLayoutsLargestWorkerIdFailsStartUpNamingTheKeyAndTheHostName() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id-from-hostname=true", "HOSTNAME=orders-32")
			.run((context) -> assertPropertyRefused(context, "xxx.common.id-worker-id-from-hostname", true,
					"the host name 'orders-32', but 32 is above the largest worker id 31",
					"Run at most 32 replicas, or give the layout more worker bits"));
	}

	@Test
	void theWorkerIdFromTheHostNameIsRefusedInALeaseMode() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-worker-id-from-hostname=true", "xxx.common.zookeeper-enabled=true",
					"xxx.common.zookeeper-addr=127.0.0.1:1")
			.run((context) -> assertValidationFailure(context, "idWorkerIdFromHostname",
					"xxx.common.id-worker-id-from-hostname=true is for fixed worker ids, but the worker id is leased"
							+ " (xxx.common.zookeeper-enabled=true). Remove one of the two."));
	}

	@Test
	void epochInTheFutureFailsStartUp() {
		Instant future = Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS);
		this.contextRunner.withPropertyValues("xxx.common.id-epoch=" + future)
			.run((context) -> assertValidationFailure(context, "idEpoch",
					"xxx.common.id-epoch = " + future + " is in the future", "choose an epoch before the first id"));
	}

	@Test
	void epochBefore1970FailsStartUp() {
		this.contextRunner.withPropertyValues("xxx.common.id-epoch=1969-12-31T23:59:59Z")
			.run((context) -> assertValidationFailure(context, "idEpoch",
					"xxx.common.id-epoch = 1969-12-31T23:59:59Z is before 1970-01-01T00:00:00Z",
					"choose an epoch from 1970 on"));
	}

	@Test
	void epochWithASubMillisecondPartFailsStartUp() {
		this.contextRunner.withPropertyValues("xxx.common.id-epoch=2020-01-01T00:00:00.000001Z")
			.run((context) -> assertValidationFailure(context, "idEpoch",
					"xxx.common.id-epoch = 2020-01-01T00:00:00.000001Z is not a whole millisecond"));
	}

	@Test
	void epochThatIsNotAnIsoInstantFailsStartUpNamingTheProperty() {
		this.contextRunner.withPropertyValues("xxx.common.id-epoch=2020-01-01")
			.run((context) -> assertConversionFailure(context, "xxx.common.id-epoch", "2020-01-01"));
	}

	@ParameterizedTest(name = "id-clock-backwards-tolerance={0}")
	@ValueSource(strings = { "2s", "1001ms", "-1ms" })
	void clockBackwardsToleranceOutOfRangeFailsStartUp(String tolerance) {
		long millis = DurationStyle.detectAndParse(tolerance).toMillis();
		this.contextRunner.withPropertyValues("xxx.common.id-clock-backwards-tolerance=" + tolerance)
			.run((context) -> assertValidationFailure(context, "idClockBackwardsTolerance",
					"xxx.common.id-clock-backwards-tolerance must be between 0ms and 1s, was " + millis + "ms."));
	}

	@ParameterizedTest(name = "id-clock-backwards-tolerance={0}")
	@ValueSource(strings = { "0ms", "1s" })
	void clockBackwardsToleranceAtTheEndsOfTheRangeIsAccepted(String tolerance) {
		this.contextRunner.withPropertyValues("xxx.common.id-clock-backwards-tolerance=" + tolerance)
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(IdServiceTwitter.class));
	}

	@Test
	void nonNumericWorkerIdFailsStartUpNamingTheProperty() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=seven")
			.run((context) -> assertConversionFailure(context, "xxx.common.id-worker-id", "seven"));
	}

	@Test
	void severalInvalidValuesAreAllReportedAtOnce() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=-1", "xxx.common.id-data-center-id=-1")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(fieldsRejected(context)).containsExactlyInAnyOrder("idWorkerId", "idDataCenterId");
			});
	}

	@ParameterizedTest(name = "zookeeper-addr=''{0}''")
	@ValueSource(strings = { "", "  " })
	void zookeeperEnabledWithoutZookeeperAddrFailsStartUpNamingIt(String addr) {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-enabled=true", "xxx.common.zookeeper-addr=" + addr)
			.run(IdServiceAutoConfigurationTests::assertAddressRequired);
	}

	@Test
	void zookeeperEnabledWithoutAnyZookeeperAddrPropertyFailsStartUpNamingIt() {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-enabled=true")
			.run(IdServiceAutoConfigurationTests::assertAddressRequired);
	}

	/**
	 * The address is optional when the context has a CuratorFramework bean, so it is checked when the
	 * deployment is built, not when the properties are bound.
	 */
	private static void assertAddressRequired(AssertableApplicationContext context) {
		assertThat(context).hasFailed();
		assertThat(causes(context.getStartupFailure()))
			.hasAtLeastOneElementOfType(InvalidConfigurationPropertyValueException.class);
		assertThat(messageChain(context.getStartupFailure())).contains("xxx.common.zookeeper-addr",
				"required when xxx.common.zookeeper-enabled=true", "Set it to the ZooKeeper connect string");
	}

	@ParameterizedTest(name = "zookeeper-worker-ids-path={0}")
	@ValueSource(strings = { "idgen/no-slash", "/trailing/", "/", "/idgen//worker_ids", "/idgen/../worker_ids" })
	void zookeeperEnabledWithAnInvalidWorkerIdsPathFailsStartUp(String path) {
		// a valid address, so that the path is the only error; start-up fails before connecting
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-enabled=true", "xxx.common.zookeeper-addr=127.0.0.1:1",
					"xxx.common.zookeeper-worker-ids-path=" + path)
			.run((context) -> assertValidationFailure(context, "zookeeperWorkerIdsPath",
					"xxx.common.zookeeper-worker-ids-path must be an absolute ZooKeeper path below the root, such as"
							+ " '/idgen/worker_ids', was '" + path + "'."));
	}

	@ParameterizedTest(name = "mark-interval={0}, mark-max-wait={1}")
	@CsvSource({ "1s, 2s", "1s, 1s", "5s, 10s", "500ms, 1s", "1s, 500ms" })
	void aMarkMaxWaitNotMoreThanTwiceTheMarkIntervalFailsStartUpNamingBoth(String interval, String maxWait) {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-enabled=true", "xxx.common.zookeeper-addr=127.0.0.1:1",
					"xxx.common.lease-mark-interval=" + interval, "xxx.common.lease-mark-max-wait=" + maxWait)
			.run((context) -> assertValidationFailure(context, "leaseMarkMaxWait",
					"xxx.common.lease-mark-max-wait must be more than twice xxx.common.lease-mark-interval",
					"Raise xxx.common.lease-mark-max-wait or lower xxx.common.lease-mark-interval."));
	}

	@Test
	void aMarkMaxWaitJustAboveTwiceTheMarkIntervalPassesValidation() {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-enabled=true", "xxx.common.lease-mark-interval=1s",
					"xxx.common.lease-mark-max-wait=2001ms")
			.run((context) -> {
				// fails later, for want of an address: the timing passed validation
				assertThat(causes(context.getStartupFailure())).noneMatch(BindValidationException.class::isInstance);
				assertAddressRequired(context);
			});
	}

	/**
	 * Asserts that start-up failed because {@link CommonProperties} rejected exactly one field, and
	 * that the failure's messages name the property and the fix.
	 */
	private static void assertValidationFailure(AssertableApplicationContext context, String field,
			String... messageFragments) {
		assertThat(context).hasFailed();
		assertThat(fieldsRejected(context)).containsExactly(field);
		assertThat(messageChain(context.getStartupFailure())).contains(messageFragments);
	}

	/**
	 * Asserts that start-up failed because a key's value does not fit another key's (the layout in
	 * force), with Spring Boot's exception that names the key and the value.
	 */
	static void assertPropertyRefused(AssertableApplicationContext context, String key, Object value,
			String... messageFragments) {
		assertThat(context).hasFailed();
		InvalidConfigurationPropertyValueException refused = causes(context.getStartupFailure()).stream()
			.filter(InvalidConfigurationPropertyValueException.class::isInstance)
			.map(InvalidConfigurationPropertyValueException.class::cast)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no InvalidConfigurationPropertyValueException in "
					+ context.getStartupFailure()));
		assertThat(refused.getName()).isEqualTo(key);
		assertThat(refused.getValue()).hasToString(String.valueOf(value));
		assertThat(refused.getReason()).contains(key).contains(messageFragments);
	}

	private static void assertConversionFailure(AssertableApplicationContext context, String property, String value) {
		assertThat(context).hasFailed();
		assertThat(causes(context.getStartupFailure())).hasAtLeastOneElementOfType(ConversionFailedException.class);
		assertThat(messageChain(context.getStartupFailure()))
			.contains("Failed to bind properties under '" + property + "'")
			.contains("for value [" + value + "]");
	}

	private static List<String> fieldsRejected(AssertableApplicationContext context) {
		BindValidationException validation = causes(context.getStartupFailure()).stream()
			.filter(BindValidationException.class::isInstance)
			.map(BindValidationException.class::cast)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no BindValidationException in " + context.getStartupFailure()));
		List<String> fields = new ArrayList<>();
		for (ObjectError error : validation.getValidationErrors()) {
			assertThat(error).isInstanceOf(FieldError.class);
			fields.add(((FieldError) error).getField());
		}
		return fields;
	}

	static List<Throwable> causes(Throwable failure) {
		List<Throwable> causes = new ArrayList<>();
		for (Throwable t = failure; t != null && !causes.contains(t); t = t.getCause()) {
			causes.add(t);
		}
		return causes;
	}

	static String messageChain(Throwable failure) {
		Collection<Throwable> causes = causes(failure);
		return causes.stream().map(Throwable::getMessage).map(String::valueOf).collect(Collectors.joining("\n"));
	}

	@Configuration(proxyBeanMethods = false)
	static class UserIdServiceInfoConfiguration {

		@Bean
		IdServiceInfo userIdServiceInfo(IdServiceTwitter idService) {
			return new FixedIdServiceInfo(idService);
		}

	}

}
