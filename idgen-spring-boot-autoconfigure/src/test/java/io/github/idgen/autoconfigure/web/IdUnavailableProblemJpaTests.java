package io.github.idgen.autoconfigure.web;

import io.github.idgen.hibernate.entities.Invoice;
import io.github.idgen.hibernate.repositories.InvoiceRepository;
import io.github.idgen.snowflake.IdService;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The whole way from an {@code @IdgenId} entity saved through a Spring Data repository while no id
 * can be issued to the HTTP answer: Spring's JPA exception translation wraps the
 * {@code IdUnavailableException} (an {@code IllegalStateException}) in an
 * {@code InvalidDataAccessApiUsageException}, and the handler still answers 503 by its cause.
 */
class IdUnavailableProblemJpaTests {

	@Test
	void savingAnEntityWhileNoIdCanBeIssuedAnswers503() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
					HibernateJpaAutoConfiguration.class, JacksonAutoConfiguration.class,
					HttpMessageConvertersAutoConfiguration.class, WebMvcAutoConfiguration.class,
					IdUnavailableProblemAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:idgen_problem_jpa",
					"spring.jpa.hibernate.ddl-auto=create-drop")
			.withUserConfiguration(Invoices.class, InvoiceController.class)
			.run((context) -> MockMvcBuilders.webAppContextSetup(context)
				.build()
				.perform(post("/invoices"))
				.andExpect(status().isServiceUnavailable())
				.andExpect(header().string("Retry-After", "2"))
				.andExpect(jsonPath("$.title").value("Id unavailable")));
	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Invoice.class)
	@EnableJpaRepositories(basePackageClasses = InvoiceRepository.class)
	static class Invoices {

		@Bean
		IdService steppedBackIdService() {
			return SteppedBackGenerator.steppedBackBy(1500);
		}

	}

	@RestController
	static class InvoiceController {

		private final InvoiceRepository invoices;

		InvoiceController(InvoiceRepository invoices) {
			this.invoices = invoices;
		}

		@PostMapping("/invoices")
		Long create() {
			return this.invoices.save(new Invoice("during the outage")).getId();
		}

	}

}
