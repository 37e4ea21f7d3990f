package io.github.idgen.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Serves cluster-unique ids over HTTP. Run it with {@code java -jar idgen-sample-app.jar}; every
 * {@code xxx.common.*} key and {@code --server.port} work as command-line arguments.
 */
@SpringBootApplication
public class SampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

}
