package io.github.idgen.management.console;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.server.console.ConsoleConfiguration;

import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The console's files on Actuator's own port ({@code management.server.port}), in the management
 * context: the page reads Actuator on the origin it came from, and there the port is the
 * permission, as for Actuator (listed in
 * {@code META-INF/spring/org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration.imports}).
 * The security filter chains of the server apply to that port too: {@code /console/**} keeps its
 * policy.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
@ConditionalOnSwitch(value = "idgen.server.console.enabled", matchIfMissing = true)
public class ManagementConsoleConfiguration implements WebMvcConfigurer {

	@Override
	public void addResourceHandlers(ResourceHandlerRegistry registry) {
		ConsoleConfiguration.addConsoleFiles(registry);
	}

	@Override
	public void addViewControllers(ViewControllerRegistry registry) {
		ConsoleConfiguration.addConsolePages(registry);
	}

}
