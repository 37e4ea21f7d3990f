package io.github.idgen.server.security;

import jakarta.servlet.DispatcherType;

import io.github.idgen.codes.Codes;
import io.github.idgen.server.IdgenServerProperties;
import io.github.idgen.server.ServerMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer.AuthorizedUrl;
import org.springframework.security.config.annotation.web.configurers.HeadersConfigurer;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.AuthenticationEntryPointFailureHandler;
import org.springframework.security.web.authentication.AuthenticationFilter;
import org.springframework.security.web.context.RequestAttributeSecurityContextRepository;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.header.HeaderWriterFilter;
import org.springframework.security.web.header.writers.StaticHeadersWriter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Bearer tokens from {@code idgen.server.tokens}: every endpoint but health, info and the OpenAPI
 * document needs one; tag paths need one allowed that tag (creating a tag, also one allowed to
 * manage), a business number code's one allowed its
 * name and the tag it draws from; the other Actuator endpoints (and health's
 * details) one allowed to manage and not limited to tags, since they show every tag, unless they are on a port of their own
 * ({@code management.server.port}), which is then the permission. The demo without tokens lets
 * everyone in (it listens on loopback only). Stateless: no session, no cookie, so no CSRF to defend
 * against, and no filter that only a session or a login needs (anonymous authentication, session
 * management, request cache): every request pays for each filter, and an id costs less than any of
 * them.
 */
@Configuration(proxyBeanMethods = false)
public class SecurityConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(SecurityConfiguration.class);

	private static final String[] OPEN = { "/v3/api-docs", "/v3/api-docs/**", "/error" };

	/** Paths whose {tag} a token must be allowed. */
	private static final String[] TAG_PATHS = { "/api/segment/get/{tag}", "/v1/segments/{tag}", "/v1/segments/{tag}/**" };

	/** Creating a tag: a token allowed that tag and to manage. */
	private static final String CREATE_TAG_PATH = "/v1/segments/{tag}";

	/** Paths of a business number code, named like a tag: a token must be allowed its name and its tag. */
	private static final String[] CODE_PATHS = { "/v1/codes/{tag}/**" };

	/**
	 * Snowflake ids, open to every valid token; matched before Actuator's endpoints, so that no id
	 * request pays for their matchers.
	 */
	private static final String[] SNOWFLAKE_PATHS = { "/api/snowflake/get/{key}", "/v1/ids", "/v1/ids/**",
			"/v1/generators/**" };

	/** Health's status and probes (its details need the manage role), and info. */
	private static final String[] OPEN_ENDPOINTS = { "health", "info" };

	/**
	 * No observations of Spring Security's own: they cost more per request than the rest of the filter
	 * chain (an observation around every filter, with counters), and the request's own observation,
	 * {@code http.server.requests} per endpoint and tag, counts 401 and 403 already.
	 */
	@Bean
	static SecurityObservationSettings securityObservationSettings() {
		return SecurityObservationSettings.noObservations();
	}

	@Bean
	ConfiguredTokens configuredTokens(IdgenServerProperties properties) {
		return ConfiguredTokens.of(properties.getTokens());
	}

	@Bean
	TokenAuthenticationProvider tokenAuthenticationProvider(ConfiguredTokens tokens) {
		return new TokenAuthenticationProvider(tokens);
	}

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, ConfiguredTokens tokens,
			TokenAuthenticationProvider provider, Environment environment, ObjectProvider<Codes> codes,
			@Qualifier("handlerExceptionResolver") HandlerExceptionResolver resolver) throws Exception {
		http.csrf((csrf) -> csrf.disable())
			.httpBasic((basic) -> basic.disable())
			.formLogin((form) -> form.disable())
			.logout((logout) -> logout.disable())
			.requestCache((cache) -> cache.disable())
			.anonymous((anonymous) -> anonymous.disable())
			.sessionManagement((session) -> session.disable())
			.securityContext((context) -> context.securityContextRepository(new RequestAttributeSecurityContextRepository()))
			.headers(SecurityConfiguration::idAnswerHeaders);
		if (tokens.isEmpty() && ServerMode.of(environment) == ServerMode.DEMO) {
			logger.warn("idgen-server demo: no tokens, every request is let in (listening on loopback only)");
			return http.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll()).build();
		}
		ProblemResponses problems = new ProblemResponses(resolver);
		AuthenticationFilter authentication = new AuthenticationFilter(new ProviderManager(provider),
				new TokenAuthenticationConverter());
		authentication.setSuccessHandler((request, response, result) -> {
		});
		authentication.setFailureHandler(new AuthenticationEntryPointFailureHandler(problems));
		TagAccess tagAccess = new TagAccess(false);
		boolean managementPort = ManagementPortType.get(environment) == ManagementPortType.DIFFERENT;
		return http.addFilterBefore(authentication, AuthorizationFilter.class)
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(problems).accessDeniedHandler(problems))
			.authorizeHttpRequests((requests) -> {
				requests.dispatcherTypeMatchers(DispatcherType.ERROR)
					.permitAll()
					.requestMatchers(OPEN)
					.permitAll()
					.requestMatchers(HttpMethod.PUT, CREATE_TAG_PATH)
					.access(new TagAccess(true))
					.requestMatchers(TAG_PATHS)
					.access(tagAccess)
					.requestMatchers(CODE_PATHS)
					.access(new CodeAccess(codes))
					.requestMatchers(SNOWFLAKE_PATHS)
					.authenticated()
					.requestMatchers(EndpointRequest.to(OPEN_ENDPOINTS))
					.permitAll();
				AuthorizedUrl actuator = requests.requestMatchers(EndpointRequest.toAnyEndpoint());
				// on a port of their own (which serves nothing else) the port is the permission
				if (managementPort) {
					actuator.permitAll();
				}
				else {
					actuator.access(new ManageAccess());
				}
				requests.anyRequest().authenticated();
			})
			.build();
	}

	/**
	 * The headers an id answer needs: {@code no-store}, since a cached GET would hand out an id twice,
	 * and {@code nosniff}; none for frames or scripts, which a {@code text/plain} or JSON answer has
	 * not. Written before the request goes on, not when the answer is committed: they never depend on it.
	 */
	private static void idAnswerHeaders(HeadersConfigurer<HttpSecurity> headers) {
		headers.defaultsDisabled()
			.contentTypeOptions((options) -> {
			})
			.addHeaderWriter(new StaticHeadersWriter("Cache-Control", "no-store"))
			.withObjectPostProcessor(new ObjectPostProcessor<HeaderWriterFilter>() {

				@Override
				public <O extends HeaderWriterFilter> O postProcess(O filter) {
					filter.setShouldWriteHeadersEagerly(true);
					return filter;
				}

			});
	}

	/** Found by Spring Security's web configuration, which hands it the firewall's refusals. */
	@Bean
	RequestRejectedHandler rejectedRequests(@Qualifier("handlerExceptionResolver") HandlerExceptionResolver resolver) {
		return new RejectedRequests(resolver);
	}

	@Bean
	FilterRegistrationBean<TokenQueryMaskingFilter> tokenQueryMaskingFilter() {
		FilterRegistrationBean<TokenQueryMaskingFilter> registration = new FilterRegistrationBean<>(
				new TokenQueryMaskingFilter());
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		return registration;
	}

}
