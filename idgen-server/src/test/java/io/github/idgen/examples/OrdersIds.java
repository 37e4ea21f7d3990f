package io.github.idgen.examples;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;

import io.github.idgen.client.HttpSegmentStore;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.snowflake.IdService;

public class OrdersIds {

	public static void main(String[] args) {
		HttpSegmentStore.Builder store = HttpSegmentStore.builder()
			.servers(Arrays.stream(args).map(URI::create).toArray(URI[]::new))
			.timeout(Duration.ofSeconds(2));
		String token = System.getenv("IDGEN_TOKEN");
		if (token != null) { // a service's token; the demo needs none
			store.token(token);
		}
		try (SegmentIdServices ids = new SegmentIdServices(store.build(), SegmentSettings.DEFAULTS)) {
			IdService orders = ids.forTag("orders");
			long first = orders.nextId();
			for (int i = 0; i < 999_999; i++) {
				orders.nextId();
			}
			System.out.println("first " + first + ", millionth " + orders.nextId() + ", "
					+ ids.service("orders").statistics().allocations() + " ranges from " + ids.describeStore());
		}
	}

}
