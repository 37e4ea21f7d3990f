package io.github.idgen.server.api;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;

import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletRegistrationBean;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Registers {@link IdServlet} in the server's Tomcat, beside Spring MVC's {@code DispatcherServlet},
 * unless {@code idgen.server.id-servlet.enabled} is false.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSwitch(value = "idgen.server.id-servlet.enabled", matchIfMissing = true)
class IdServletConfiguration {

	@Bean
	ServletRegistrationBean<IdServlet> idServletRegistration(Ids ids,
			@Qualifier("handlerExceptionResolver") HandlerExceptionResolver resolver,
			DispatcherServletRegistrationBean springMvc) {
		ServletRegistrationBean<IdServlet> registration = new ServletRegistrationBean<>(
				new IdServlet(ids, resolver, springMvc.getServletName()), IdServlet.MAPPINGS);
		registration.setName("idServlet");
		// started with Tomcat, so that the first id pays for no servlet's start
		registration.setLoadOnStartup(1);
		return registration;
	}

}
