package io.github.idgen.autoconfigure.startup;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.SpringBootConfiguration;

/**
 * An application with every auto-configuration on the test class path, as a user's is: started in this
 * JVM, or as a process of its own with the environment of a test.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class StartupApplication {

	public static void main(String[] args) {
		SpringApplication application = new SpringApplication(StartupApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		application.run(args);
	}

}
