package io.github.idgen.server.console;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.segment.SegmentStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.web.server.ConditionalOnManagementPort;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.header.writers.StaticHeadersWriter;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The console at {@code /console/}: its static files from the jar's {@code console/} folder, open
 * without a token (they hold no data: the page asks for a token and reads the JSON endpoints with
 * it), with {@code Content-Security-Policy: default-src 'self'}, so that nothing but the server's
 * own files runs or loads there. A filter chain of its own, ahead of the API's: the page needs none
 * of the token filters, and the API keeps its headers. Off with
 * {@code idgen.server.console.enabled=false}: then nothing maps {@code /console/**}, which is
 * answered 404 with or without a token (the chain stays, so that a token is not asked for a page
 * that is not there).
 */
@Configuration(proxyBeanMethods = false)
public class ConsoleConfiguration {

	/** Where the files are in the jar. */
	static final String LOCATION = "classpath:/console/";

	static final String CONTENT_SECURITY_POLICY = "default-src 'self'; frame-ancestors 'none'; form-action 'self';"
			+ " base-uri 'none'";

	@Bean
	IdgenServerEndpoint idgenServerEndpoint(ObjectProvider<BuildProperties> build, ObjectProvider<SegmentStore> store) {
		BuildProperties properties = build.getIfAvailable();
		return new IdgenServerEndpoint((properties != null) ? properties.getVersion() : null, store.getIfAvailable());
	}

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	SecurityFilterChain consoleFilterChain(HttpSecurity http) throws Exception {
		return http.securityMatcher("/console", "/console/", "/console/**")
			.csrf((csrf) -> csrf.disable())
			.httpBasic((basic) -> basic.disable())
			.formLogin((form) -> form.disable())
			.logout((logout) -> logout.disable())
			.requestCache((cache) -> cache.disable())
			.anonymous((anonymous) -> anonymous.disable())
			.sessionManagement((session) -> session.disable())
			.headers((headers) -> headers.defaultsDisabled()
				.contentTypeOptions((options) -> {
				})
				.contentSecurityPolicy((csp) -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
				.referrerPolicy((referrer) -> {
				})
				// the files change with the jar only; no-cache: a browser asks again, and a new jar is seen at once
				.addHeaderWriter(new StaticHeadersWriter("Cache-Control", "no-cache")))
			.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll())
			.build();
	}

	/**
	 * The files on the API's port, where Actuator is too; with Actuator on a port of its own
	 * ({@code management.server.port}) they move there with it ({@code ManagementConsoleConfiguration}),
	 * since the page reads Actuator on the origin it came from.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnSwitch(value = "idgen.server.console.enabled", matchIfMissing = true)
	@ConditionalOnManagementPort(ManagementPortType.SAME)
	static class ConsoleFiles implements WebMvcConfigurer {

		@Override
		public void addResourceHandlers(ResourceHandlerRegistry registry) {
			addConsoleFiles(registry);
		}

		@Override
		public void addViewControllers(ViewControllerRegistry registry) {
			addConsolePages(registry);
		}

	}

	/**
	 * Serves the files at {@code /console/**}.
	 * @param registry the context's handlers
	 */
	public static void addConsoleFiles(ResourceHandlerRegistry registry) {
		registry.addResourceHandler("/console/**").addResourceLocations(LOCATION);
	}

	/**
	 * Answers {@code /console} with a redirect to {@code /console/}, and {@code /console/} with the page.
	 * @param registry the context's view controllers
	 */
	public static void addConsolePages(ViewControllerRegistry registry) {
		registry.addRedirectViewController("/console", "/console/");
		registry.addViewController("/console/").setViewName("forward:/console/index.html");
	}

}
