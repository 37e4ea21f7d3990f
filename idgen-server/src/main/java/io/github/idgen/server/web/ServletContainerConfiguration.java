package io.github.idgen.server.web;

import java.util.ArrayList;
import java.util.List;

import org.apache.catalina.Container;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.AccessLogValve;
import org.apache.catalina.valves.ErrorReportValve;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Tomcat as the server needs it: its error reports as problem details ({@link ProblemErrorReportValve}),
 * its access log masking tokens ({@link TokenMaskingAccessLogValve}). Runs after Spring Boot's own
 * customizers, whose error report valve and access log it replaces.
 */
@Configuration(proxyBeanMethods = false)
class ServletContainerConfiguration {

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> idgenServerTomcatCustomizer() {
		return new TomcatCustomizer();
	}

	private static final class TomcatCustomizer
			implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

		@Override
		public void customize(TomcatServletWebServerFactory factory) {
			factory.addContextCustomizers((context) -> problemErrorReports(context.getParent()));
			List<Valve> valves = new ArrayList<>();
			for (Valve valve : factory.getEngineValves()) {
				valves.add((valve.getClass() == AccessLogValve.class) ? TokenMaskingAccessLogValve.of((AccessLogValve) valve)
						: valve);
			}
			factory.setEngineValves(valves);
		}

		private static void problemErrorReports(Container host) {
			for (Valve valve : host.getPipeline().getValves()) {
				if (valve instanceof ErrorReportValve && !(valve instanceof ProblemErrorReportValve)) {
					host.getPipeline().removeValve(valve);
				}
			}
			host.getPipeline().addValve(new ProblemErrorReportValve());
			if (host instanceof StandardHost standardHost) {
				// or the host adds Tomcat's own when it starts
				standardHost.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
			}
		}

		@Override
		public int getOrder() {
			return Ordered.LOWEST_PRECEDENCE;
		}

	}

}
