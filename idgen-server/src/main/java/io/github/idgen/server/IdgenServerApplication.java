package io.github.idgen.server;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The id service: {@code java -jar idgen-server.jar}. With nothing configured it runs as the demo;
 * configured with a database, ZooKeeper or a worker id (the starter's {@code xxx.common.*} keys and
 * {@code spring.datasource.*}) and tokens ({@code idgen.server.tokens}), as a service that any
 * number of instances share. See docs/server.md.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ServerComponents.class)
@EnableConfigurationProperties(IdgenServerProperties.class)
public class IdgenServerApplication {

	/**
	 * Starts the server.
	 * @param args Spring Boot's command line: {@code --key=value} for any setting
	 */
	public static void main(String[] args) {
		SpringApplication.run(IdgenServerApplication.class, args);
	}

	@Bean
	static ServerModeCheck serverModeCheck() {
		return new ServerModeCheck();
	}

}
