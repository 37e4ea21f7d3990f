package io.github.idgen.benchmarks.web;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A bare Spring MVC endpoint that answers a constant the length of an id, for measuring idgen-server's
 * endpoints against the framework's own ceiling on the same server, behind the same filters. Loaded
 * into the server's jar for a benchmark run only ({@code idgen-benchmarks/server-vs-leaf.sh};
 * docs/benchmarks-stores.md, "idgen-server over HTTP"), never shipped with it:
 * {@code -Dloader.path=idgen-benchmarks/target/idgen-benchmarks-*-constant-endpoint.jar} and
 * {@code --spring.main.sources=io.github.idgen.benchmarks.web.ConstantEndpoint}.
 */
@RestController
public class ConstantEndpoint {

	@GetMapping(path = "/bench/constant/{key}", produces = MediaType.TEXT_PLAIN_VALUE)
	public String constant() {
		return "2125375288379441152";
	}

}
