package io.github.idgen.sample;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app with segment ids and opaque ids switched off from the command line, as a second
 * instance next to a shared ZooKeeper or without a database would run: it starts, serves Snowflake
 * ids, and has no segment or opaque endpoints.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { "xxx.common.zookeeper-enabled=false",
		"xxx.common.segment-enabled=false", "xxx.common.opaque-id-key=" })
class OptionalFeaturesOffTests {

	@LocalServerPort
	private int port;

	@Test
	void startsAndServesSnowflakeIdsWithoutSegmentOrOpaqueEndpoints() {
		assertThat(Http.get(this.port, "/ids/next").statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/segments/orders/next").statusCode()).isEqualTo(404);
		assertThat(Http.get(this.port, "/ids/opaque/next").statusCode()).isEqualTo(404);
	}

}
