package io.github.idgen.autoconfigure;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The check of idgen's configuration keys: a key under {@code xxx.common} or {@code idgen.} that idgen
 * does not know stops start-up, naming it and the nearest known key, before any bean is made; every
 * known key in every relaxed form, deprecated ones and the names under a map's user-chosen names pass.
 */
class ConfigurationKeysCheckAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ConfigurationKeysCheckAutoConfiguration.class,
				IdServiceAutoConfiguration.class));

	@Test
	void aMisspeltKeyUnderXxxCommonStopsStartUpNamingTheNearestKnownKey() {
		this.contextRunner.withPropertyValues("xxx.common.worker-id=3").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.isInstanceOf(UnknownConfigurationKeysException.class)
				.hasMessageContaining("xxx.common.worker-id")
				.hasMessageContaining("the nearest known key is xxx.common.id-worker-id");
		});
	}

	@Test
	void aKeyMissingALetterNamesTheKeyItWasMeantToBe() {
		this.contextRunner.withPropertyValues("xxx.common.jdbc-enable=true")
			.run((context) -> assertThat(context.getStartupFailure())
				.isInstanceOf(UnknownConfigurationKeysException.class)
				.hasMessageContaining("xxx.common.jdbc-enable (")
				.hasMessageContaining("the nearest known key is xxx.common.jdbc-enabled"));
	}

	@Test
	void aKeyUnderIdgenSaysThatIdgensKeysAreUnderXxxCommon() {
		this.contextRunner.withPropertyValues("idgen.worker-id=3")
			.run((context) -> assertThat(context.getStartupFailure())
				.isInstanceOf(UnknownConfigurationKeysException.class)
				.hasMessageContaining("idgen.worker-id")
				.hasMessageContaining("idgen's keys are under xxx.common")
				.hasMessageContaining("xxx.common.id-worker-id"));
	}

	@Test
	void idgenServersOwnKeysAreLeftToIt() {
		this.contextRunner.withPropertyValues("idgen.server.tokens[0].name=clients", "idgen.server.tokens[0].token=abc")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void everyRelaxedFormOfAKnownKeyIsTheKnownKey() {
		this.contextRunner
			.withPropertyValues("xxx.common.idWorkerId=3", "xxx.common.id_worker_id=3", "XXX.COMMON.ID-WORKER-ID=3",
					"xxx.common.id-data-center-id=1")
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource("test-environment",
						Map.of("XXX_COMMON_ID_WORKER_ID", "3", "XXX_COMMON_IDWORKERID", "3", "XXX_COMMON_SEGMENTTAGS_ORDERS_STEP",
								"10", "XXX_COMMON_SERVER_URLS_0", "http://ids:8080", "PATH", "/usr/bin"))))
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void aMisspeltEnvironmentVariableStopsStartUp() {
		this.contextRunner
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource("test-environment", Map.of("XXX_COMMON_WORKER_ID", "3"))))
			.run((context) -> assertThat(context.getStartupFailure())
				.isInstanceOf(UnknownConfigurationKeysException.class)
				.hasMessageContaining("XXX_COMMON_WORKER_ID")
				.hasMessageContaining("xxx.common.id-worker-id"));
	}

	@Test
	void deprecatedKeysKeepWorking() {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-lease-range=node-id",
				"xxx.common.zookeeper-mark-interval=1s")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void theKeysUnderAMapsChosenNamesAreCheckedAgainstItsValueType() {
		this.contextRunner
			.withPropertyValues("xxx.common.generators.orders.shard-bits=4", "xxx.common.generators.js.layout=javascript-safe",
					"xxx.common.codes.bills.tag=bills", "xxx.common.codes.bills.pattern=B{seq:4}",
					"xxx.common.segment-tags[orders.eu].step=10", "xxx.common.server-urls[0]=http://ids:8080")
			.run((context) -> assertThat(context).hasNotFailed());
		this.contextRunner.withPropertyValues("xxx.common.generators.orders.shard-bit=4")
			.run((context) -> assertThat(context.getStartupFailure())
				.isInstanceOf(UnknownConfigurationKeysException.class)
				.hasMessageContaining("the nearest known key is xxx.common.generators.orders.shard-bits"));
	}

	@Test
	void aPropertySourceThatCannotListItsKeysIsNotChecked() {
		this.contextRunner.withInitializer((context) -> context.getEnvironment()
			.getPropertySources()
			.addFirst(new PropertySource<Object>("not-enumerable") {

				@Override
				public Object getProperty(String name) {
					return name.equals("xxx.common.worker-id") ? "3" : null;
				}

			}))
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void withoutIdgensMetadataOnTheClassPathNoKeyIsCheckedRatherThanEveryKeyRefused() throws Exception {
		// a shaded jar that kept another library's metadata file in place of idgen's
		try (URLClassLoader withoutMetadata = new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader())) {
			DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
			beanFactory.setBeanClassLoader(withoutMetadata);
			ConfigurationKeysCheck check = new ConfigurationKeysCheck();
			check.setEnvironment(new MockEnvironment().withProperty("xxx.common.worker-id", "3"));
			check.postProcessBeanFactory(beanFactory);
		}
		DefaultListableBeanFactory withMetadata = new DefaultListableBeanFactory();
		ConfigurationKeysCheck check = new ConfigurationKeysCheck();
		check.setEnvironment(new MockEnvironment().withProperty("xxx.common.worker-id", "3"));
		assertThatExceptionOfType(UnknownConfigurationKeysException.class)
			.isThrownBy(() -> check.postProcessBeanFactory(withMetadata));
	}

}
