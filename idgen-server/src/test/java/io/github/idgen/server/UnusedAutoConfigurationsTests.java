package io.github.idgen.server;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.task.TaskExecutor;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.transaction.TransactionManager;
import org.springframework.web.multipart.MultipartResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The auto-configurations nothing in the server uses stay out of its context, whatever
 * {@code spring.autoconfigure.exclude} says; every name the filter knows is one of Spring Boot's,
 * so that a rename in an upgrade does not let one back in unnoticed.
 */
class UnusedAutoConfigurationsTests {

	@Test
	void everyNameIsOneOfSpringBootsAutoConfigurations() {
		assertThat(ImportCandidates.load(AutoConfiguration.class, getClass().getClassLoader()).getCandidates())
			.containsAll(UnusedAutoConfigurations.names());
	}

	@Test
	void theServerHasNoneOfTheirBeansEvenWithExclusionsOfTheUsers() {
		try (ConfigurableApplicationContext context = SpringApplication.run(IdgenServerApplication.class,
				"--server.port=0",
				"--spring.autoconfigure.exclude=org.springframework.boot.actuate.autoconfigure.info.InfoContributorAutoConfiguration")) {
			assertThat(context.getBeanNamesForType(TransactionManager.class)).isEmpty();
			assertThat(context.getBeanNamesForType(TaskExecutor.class)).isEmpty();
			assertThat(context.getBeanNamesForType(TaskScheduler.class)).isEmpty();
			assertThat(context.getBeanNamesForType(MultipartResolver.class)).isEmpty();
			assertThat(context.containsBean("org.springframework.aop.config.internalAutoProxyCreator")).isFalse();
			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			assertThat(Http.get(port, "/v1/ids/next").statusCode()).isEqualTo(200);
		}
	}

}
