package io.github.idgen.sample;

import java.net.http.HttpResponse;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.IdService;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an operator sees over HTTP: the idgen health component, the readiness probe, the
 * {@code /actuator/idgen} endpoint and the {@code idgen.*} meters. Same configuration as
 * {@link IdEndpointsTests}, so they share one application context.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "sample.embedded-zookeeper.port=0")
class ActuatorTests {

	@LocalServerPort
	private int port;

	@Autowired
	private IdService idService;

	@Test
	void healthShowsTheIdgenComponentWithTheLease() {
		HttpResponse<String> response = Http.get(this.port, "/actuator/health");

		assertThat(response.statusCode()).isEqualTo(200);
		String body = response.body();
		assertThat((String) JsonPath.read(body, "$.components.idgen.status")).isEqualTo("UP");
		assertThat((String) JsonPath.read(body, "$.components.idgen.details.mode")).isEqualTo("cluster");
		assertThat((Integer) JsonPath.read(body, "$.components.idgen.details.workerId"))
			.isEqualTo(((IdServiceProxy) this.idService).getLease().getWorkerId());
		assertThat((String) JsonPath.read(body, "$.components.idgen.details.leasePath"))
			.startsWith("/idgen/worker_ids/");
	}

	@Test
	void readinessProbeIsUpWhileTheLeaseIsHeld() {
		HttpResponse<String> response = Http.get(this.port, "/actuator/health/readiness");

		assertThat(response.statusCode()).isEqualTo(200);
		assertThat((String) JsonPath.read(response.body(), "$.status")).isEqualTo("UP");
	}

	@Test
	void idgenEndpointShowsLayoutLeaseFencingAndCounters() {
		Http.get(this.port, "/ids/next");

		HttpResponse<String> response = Http.get(this.port, "/actuator/idgen");

		assertThat(response.statusCode()).isEqualTo(200);
		String body = response.body();
		assertThat((String) JsonPath.read(body, "$.mode")).isEqualTo("cluster");
		assertThat((String) JsonPath.read(body, "$.layout.epoch")).isEqualTo("2010-11-04T01:42:54.657Z");
		assertThat((String) JsonPath.read(body, "$.lease.path")).startsWith("/idgen/worker_ids/");
		assertThat((Integer) JsonPath.read(body, "$.lease.holder.pid")).isEqualTo((int) ProcessHandle.current().pid());
		assertThat((Boolean) JsonPath.read(body, "$.fencing.issuing")).isTrue();
		assertThat(((Number) JsonPath.read(body, "$.counters.issuedIds")).longValue()).isPositive();
	}

	@Test
	void idgenEndpointTakesAnIdApart() {
		long id = this.idService.nextId();

		HttpResponse<String> response = Http.get(this.port, "/actuator/idgen/" + id);

		assertThat(response.statusCode()).isEqualTo(200);
		assertThat((String) JsonPath.read(response.body(), "$.id")).isEqualTo(Long.toString(id));
		assertThat((Integer) JsonPath.read(response.body(), "$.workerId"))
			.isEqualTo(((IdServiceProxy) this.idService).getLease().getWorkerId());
		assertThat(Http.get(this.port, "/actuator/idgen/-5").statusCode()).isEqualTo(400);
	}

	@Test
	void issuedIdsAreCountedInMicrometer() {
		this.idService.nextIds(250);

		HttpResponse<String> response = Http.get(this.port, "/actuator/metrics/idgen.ids.issued");

		assertThat(response.statusCode()).isEqualTo(200);
		double count = ((Number) JsonPath.read(response.body(), "$.measurements[0].value")).doubleValue();
		assertThat(count).isGreaterThanOrEqualTo(250);
		assertThat(Http.get(this.port, "/actuator/metrics/idgen.lease.acquisitions").statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/actuator/metrics/idgen.worker.id").statusCode()).isEqualTo(200);
	}

}
