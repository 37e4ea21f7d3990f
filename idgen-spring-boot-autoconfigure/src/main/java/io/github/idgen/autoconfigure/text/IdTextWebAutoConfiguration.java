package io.github.idgen.autoconfigure.text;

import io.github.idgen.format.IdFormat;
import io.github.idgen.format.IdFormatAnnotationFormatterFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.format.FormatterRegistry;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * {@link IdFormat} in web applications: its formatter factory in Spring MVC's and WebFlux's
 * conversion service, a start-up check of the annotations on controller parameters, and
 * {@link IdTextProblemHandler} for malformed ids in requests.
 */
@AutoConfiguration
@ConditionalOnWebApplication
@ConditionalOnClass({ ProblemDetail.class, ControllerAdvice.class })
public final class IdTextWebAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IdTextProblemHandler idTextProblemHandler() {
		return new IdTextProblemHandler();
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = Type.SERVLET)
	@ConditionalOnClass(WebMvcConfigurer.class)
	static class WebMvcConfiguration {

		@Bean
		IdFormatWebMvcConfigurer idFormatWebMvcConfigurer() {
			return new IdFormatWebMvcConfigurer();
		}

		@Bean
		IdFormatHandlerMethodCheck idFormatHandlerMethodCheck(
				ObjectProvider<org.springframework.web.servlet.mvc.method.RequestMappingInfoHandlerMapping> mappings) {
			return new IdFormatHandlerMethodCheck(
					() -> mappings.orderedStream().flatMap((mapping) -> mapping.getHandlerMethods().values().stream()));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = Type.REACTIVE)
	@ConditionalOnClass(WebFluxConfigurer.class)
	static class WebFluxConfiguration {

		@Bean
		IdFormatWebFluxConfigurer idFormatWebFluxConfigurer() {
			return new IdFormatWebFluxConfigurer();
		}

		@Bean
		IdFormatHandlerMethodCheck idFormatHandlerMethodCheck(
				ObjectProvider<org.springframework.web.reactive.result.method.RequestMappingInfoHandlerMapping>
					mappings) {
			return new IdFormatHandlerMethodCheck(
					() -> mappings.orderedStream().flatMap((mapping) -> mapping.getHandlerMethods().values().stream()));
		}

	}

	static final class IdFormatWebMvcConfigurer implements WebMvcConfigurer {

		@Override
		public void addFormatters(FormatterRegistry registry) {
			registry.addFormatterForFieldAnnotation(new IdFormatAnnotationFormatterFactory());
		}

	}

	static final class IdFormatWebFluxConfigurer implements WebFluxConfigurer {

		@Override
		public void addFormatters(FormatterRegistry registry) {
			registry.addFormatterForFieldAnnotation(new IdFormatAnnotationFormatterFactory());
		}

	}

}
