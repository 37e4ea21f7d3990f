package io.github.idgen.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.http.HttpResponse;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.redis.RedisConnector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Nothing configured: the demo. It says so, listens on loopback only, needs no token, serves its
 * demo tags from the embedded database, and has no Redis connection nor a Redis health check to fail.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class DemoModeTests {

	@LocalServerPort
	private int port;

	@Autowired
	private Environment environment;

	@Autowired
	private ApplicationContext context;

	@Test
	void theLogSaysDemo(CapturedOutput output) {
		assertThat(output).contains("idgen-server is running as the DEMO on 127.0.0.1:" + this.port)
			.contains("no tokens needed");
	}

	@Test
	void listensOnLoopbackOnly() throws IOException {
		assertThat(this.environment.getProperty("server.address")).isEqualTo("127.0.0.1");
		Optional<InetAddress> external = externalAddress();
		assumeTrue(external.isPresent(), "this machine has no non-loopback address to try");
		try (Socket socket = new Socket()) {
			assertThatExceptionOfType(IOException.class)
				.isThrownBy(() -> socket.connect(new InetSocketAddress(external.get(), this.port), 2000));
		}
	}

	@Test
	void servesTheDemoTagsWithoutAToken() {
		for (String tag : new String[] { "orders", "users", "coupons" }) {
			HttpResponse<String> response = Http.get(this.port, "/api/segment/get/" + tag);
			assertThat(response.statusCode()).as(tag).isEqualTo(200);
			assertThat(Long.parseLong(response.body())).isPositive();
		}
		assertThat(Http.get(this.port, "/v1/ids/next").statusCode()).isEqualTo(200);
	}

	@Test
	void neverConnectsToRedis() {
		assertThat(this.context.getBeanNamesForType(RedisConnectionFactory.class)).isEmpty();
		assertThat(this.context.getBeanNamesForType(RedisConnector.class)).isEmpty();
		HttpResponse<String> health = Http.get(this.port, "/actuator/health");
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat((String) JsonPath.read(health.body(), "$.status")).isEqualTo("UP");
		assertThat((Map<String, Object>) JsonPath.read(health.body(), "$.components")).containsKey("idgen")
			.doesNotContainKey("redis");
	}

	private static Optional<InetAddress> externalAddress() throws SocketException {
		for (NetworkInterface network : Collections.list(NetworkInterface.getNetworkInterfaces())) {
			if (network.isUp() && !network.isLoopback()) {
				for (InetAddress address : Collections.list(network.getInetAddresses())) {
					if (address.getAddress().length == 4) {
						return Optional.of(address);
					}
				}
			}
		}
		return Optional.empty();
	}

}
