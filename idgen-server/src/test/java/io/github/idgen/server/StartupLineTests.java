package io.github.idgen.server;

import java.net.InetAddress;
import java.net.UnknownHostException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The line the server logs once it is ready: where it listens, as its sockets are bound.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupLineTests {

	static final String TOKEN = "startup-token-5c2e8a1f7b3d";

	@Test
	void theDemoLineShowsTheAddressItListensOn(CapturedOutput output) throws UnknownHostException {
		assumeTrue(InetAddress.getByName("localhost").getHostAddress().equals("127.0.0.1"),
				"localhost is 127.0.0.1 on this machine");
		try (ConfigurableApplicationContext context = run(new SpringApplication(IdgenServerApplication.class),
				"--server.address=localhost")) {
			assertThat(output).contains("idgen-server is running as the DEMO on 127.0.0.1:" + port(context) + ":");
		}
	}

	@Test
	void theServiceLineSaysAllInterfacesForAnEmptyAddress(CapturedOutput output) {
		try (ConfigurableApplicationContext context = run(new SpringApplication(IdgenServerApplication.class),
				"--server.address=", "--xxx.common.id-worker-id=3", "--idgen.server.tokens[0].name=startup",
				"--idgen.server.tokens[0].token=" + TOKEN)) {
			assertThat(output).contains("idgen-server is serving on all interfaces:" + port(context) + ":");
		}
	}

	static ConfigurableApplicationContext run(SpringApplication application, String... args) {
		String[] all = new String[args.length + 1];
		System.arraycopy(args, 0, all, 0, args.length);
		all[args.length] = "--server.port=0";
		return application.run(all);
	}

	static int port(ConfigurableApplicationContext context) {
		return ((WebServerApplicationContext) context).getWebServer().getPort();
	}

}
