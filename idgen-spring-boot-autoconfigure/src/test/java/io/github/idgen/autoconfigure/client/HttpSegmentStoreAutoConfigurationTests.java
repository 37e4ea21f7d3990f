package io.github.idgen.autoconfigure.client;

import java.net.URI;
import java.time.Duration;

import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.client.HttpSegmentStore;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentIdsUnavailableException;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStore;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link HttpSegmentStoreAutoConfiguration}: each of its conditions, and what the registry it makes
 * does with servers nobody answers at.
 */
class HttpSegmentStoreAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(HttpSegmentStoreAutoConfiguration.class, SegmentIdServicesAutoConfiguration.class));

	@Test
	void withoutServerUrlsThereIsNoStoreAndNoRegistry() {
		this.contextRunner.run((context) -> assertThat(context).doesNotHaveBean(SegmentStore.class)
			.doesNotHaveBean(SegmentIdServices.class));
	}

	@Test
	void serverUrlsGiveAnHttpStoreAndTheRegistryOnIt() {
		this.contextRunner
			.withPropertyValues("xxx.common.server-urls=http://ids-1:8080,http://ids-2:8080", "xxx.common.server-token=t0k3n",
					"xxx.common.server-timeout=750ms")
			.run((context) -> {
				HttpSegmentStore store = context.getBean(HttpSegmentStore.class);
				assertThat(store.getServers()).containsExactly(URI.create("http://ids-1:8080"),
						URI.create("http://ids-2:8080"));
				assertThat(store.getTimeout()).isEqualTo(Duration.ofMillis(750));
				assertThat(context.getBean(SegmentIdServices.class).describeStore())
					.isEqualTo("idgen-server http://ids-1:8080, http://ids-2:8080");
			});
	}

	@Test
	void indexedServerUrlsCountToo() {
		this.contextRunner.withPropertyValues("xxx.common.server-urls[0]=http://ids-1:8080")
			.run((context) -> assertThat(context).hasSingleBean(HttpSegmentStore.class));
	}

	@Test
	void withoutTheClientOnTheClasspathNothingHappens() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(HttpSegmentStore.class))
			.withPropertyValues("xxx.common.server-urls=http://ids-1:8080")
			.run((context) -> assertThat(context).doesNotHaveBean(SegmentStore.class)
				.doesNotHaveBean(SegmentIdServices.class));
	}

	@Test
	void aStoreOfTheUsersWins() {
		this.contextRunner.withPropertyValues("xxx.common.server-urls=http://ids-1:8080")
			.withBean(SegmentStore.class, HttpSegmentStoreAutoConfigurationTests::fixedStore)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(HttpSegmentStore.class);
				assertThat(context.getBean(SegmentIdServices.class).forTag("orders").nextId()).isEqualTo(1001);
			});
	}

	@Test
	void aRegistryOfTheUsersWins() {
		this.contextRunner.withPropertyValues("xxx.common.server-urls=http://ids-1:8080")
			.withBean("mySegments", SegmentIdServices.class,
					() -> new SegmentIdServices(fixedStore(), SegmentSettings.DEFAULTS))
			.run((context) -> assertThat(context).hasSingleBean(SegmentIdServices.class).hasBean("mySegments"));
	}

	@Test
	void theSegmentKeysTuneTheRegistry() {
		this.contextRunner
			.withPropertyValues("xxx.common.server-urls=http://127.0.0.1:1", "xxx.common.server-timeout=200ms",
					"xxx.common.segment-wait-timeout=300ms")
			.run((context) -> assertThatExceptionOfType(SegmentIdsUnavailableException.class)
				.isThrownBy(() -> context.getBean(SegmentIdServices.class).forTag("orders"))
				.withMessageContaining("no new range from idgen-server http://127.0.0.1:1 within PT0.3S"));
	}

	@Test
	void segmentIdsFromTheDatabaseTooStopStartUpNamingBothKeys() {
		this.contextRunner.withPropertyValues("xxx.common.server-urls=http://ids-1:8080", "xxx.common.segment-enabled=true")
			.run((context) -> {
				assertThat(context).hasFailed();
				Throwable failure = context.getStartupFailure();
				assertThat(failure).rootCause()
					.isInstanceOf(ConflictingSegmentStoresException.class)
					.hasMessage("xxx.common.server-urls takes segment ranges from idgen-server [http://ids-1:8080], and"
							+ " xxx.common.segment-enabled=true from the application's DataSource");
				FailureAnalysis analysis = new ConflictingSegmentStoresFailureAnalyzer().analyze(failure);
				assertThat(analysis.getAction()).startsWith("Remove xxx.common.segment-enabled to take ranges from idgen-server");
			});
	}

	@Test
	void aBadServerUrlStopsStartUp() {
		this.contextRunner.withPropertyValues("xxx.common.server-urls=ids-1:8080")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("idgen-server URI 'ids-1:8080' must be an absolute http or https URI"));
	}

	private static SegmentStore fixedStore() {
		return new SegmentStore() {

			@Override
			public SegmentRange allocate(String tag, int requestedStep) {
				return new SegmentRange(tag, 1001, 2000, 1000, Long.MAX_VALUE);
			}

			@Override
			public SegmentRange allocateExactly(String tag, int size) {
				return new SegmentRange(tag, 1001, 1000 + size, 1000, Long.MAX_VALUE);
			}

			@Override
			public String describe() {
				return "a fixed store";
			}

		};
	}

}
