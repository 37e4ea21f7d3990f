package io.github.idgen.autoconfigure.web;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ControllerAdvice;

/**
 * {@link IdUnavailableProblemHandler} in servlet and reactive web applications (a
 * {@link ControllerAdvice} serves both Spring MVC and WebFlux); off with
 * {@code xxx.common.web-unavailable-problem-enabled=false}.
 */
@AutoConfiguration
@ConditionalOnWebApplication
@ConditionalOnClass({ ProblemDetail.class, ControllerAdvice.class })
@ConditionalOnSwitch(value = "xxx.common.web-unavailable-problem-enabled", matchIfMissing = true)
public final class IdUnavailableProblemAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IdUnavailableProblemHandler idUnavailableProblemHandler() {
		return new IdUnavailableProblemHandler();
	}

}
