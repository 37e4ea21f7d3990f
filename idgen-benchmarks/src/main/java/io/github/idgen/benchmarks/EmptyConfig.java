package io.github.idgen.benchmarks;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/**
 * An application with no beans of its own: whatever {@code IdService} it has comes from idgen's
 * auto-configuration, as in a user's application that only added the starter.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class EmptyConfig {

}
