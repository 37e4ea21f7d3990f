package io.github.idgen.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentIdService;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentIdsUnavailableException;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStoreException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What {@link HttpSegmentStore} refuses of a server's 200 answer: a range of another tag, an empty or
 * non-positive one, one whose composed ids pass 2^63 - 1 or its own {@code maxLimitId}, and one whose
 * composition differs from what the tag had. Each is a failed attempt against that server, named in
 * the error, and the next server is asked. The broken peers are real HTTP servers ({@link RangeServer}).
 */
class ImpossibleRangesTests {

	/** business id 5 in 3 bits and 2 shard bits: ids are sequence << 5 | 5 << 2 | shard. */
	private static final SegmentComposition LINES = new SegmentComposition(5, 3, 2);

	/** The largest sequence whose ids, every shard included, stay at or below 2^63 - 1. */
	private static final long LAST_SEQUENCE = LINES.sequenceLimit(Long.MAX_VALUE);

	@Test
	void aRangeWhoseComposedIdsPass2To63IsRefusedNamingTheServer() throws Exception {
		try (RangeServer broken = RangeServer.answering(RangeServer.range("lines", LAST_SEQUENCE - 9, LAST_SEQUENCE + 1,
				Long.MAX_VALUE, 5, 3, 2))) {
			HttpSegmentStore store = store(broken);
			assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store.allocate("lines", 10))
				.withMessageStartingWith("No range of segment tag 'lines' from any of 1 idgen-server(s): " + broken.uri()
						+ ": answered the range " + (LAST_SEQUENCE - 9) + ".." + (LAST_SEQUENCE + 1) + " of segment tag"
						+ " 'lines', whose last ids (composed with business_id 5, business_bits 3, shard_bits 2) pass"
						+ " 2^63 - 1");
		}
	}

	@Test
	void noIdOfARangeThatPasses2To63IsIssued() throws Exception {
		try (RangeServer broken = RangeServer.answering(RangeServer.range("lines", LAST_SEQUENCE - 9, LAST_SEQUENCE + 1,
				Long.MAX_VALUE, 5, 3, 2));
				SegmentIdServices services = new SegmentIdServices(store(broken),
						SegmentSettings.DEFAULTS.withMaxWait(Duration.ofMillis(500)))) {
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> {
				SegmentIdService lines = services.forTag("lines");
				for (int i = 0; i < 11; i++) {
					assertThat(lines.nextId(3)).isPositive();
				}
			}).withMessageContaining(broken.uri() + ": answered the range");
		}
	}

	@Test
	void aRangeAboveItsOwnMaxLimitIdIsRefused() throws Exception {
		try (RangeServer broken = RangeServer.answering(RangeServer.range("orders", 991, 1000, 995, 0, 0, 0))) {
			assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store(broken).allocate("orders", 10))
				.withMessageContaining(broken.uri() + ": answered the range 991..1000 of segment tag 'orders', whose"
						+ " last ids pass its maxLimitId 995");
		}
	}

	@Test
	void aComposedRangeAboveItsMaxLimitIdIsRefused() throws Exception {
		// sequence 32 composes ids 32 << 5 | 20 | 0..3 = 1044..1047, above 1040
		try (RangeServer broken = RangeServer.answering(RangeServer.range("lines", 23, 32, 1040, 5, 3, 2))) {
			assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store(broken).allocate("lines", 10))
				.withMessageContaining(broken.uri() + ": answered the range 23..32 of segment tag 'lines', whose last"
						+ " ids (composed with business_id 5, business_bits 3, shard_bits 2) pass its maxLimitId 1040");
		}
	}

	@Test
	void aRangeOfAnotherTagIsRefused() throws Exception {
		try (RangeServer broken = RangeServer.answering(RangeServer.range("users", 1, 10))) {
			assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store(broken).allocate("orders", 10))
				.withMessageContaining(broken.uri() + ": answered a range of segment tag 'users' when asked for 'orders'");
		}
	}

	@Test
	void anEmptyOrNonPositiveRangeIsRefused() throws Exception {
		try (RangeServer backwards = RangeServer.answering(RangeServer.range("orders", 20, 11));
				RangeServer zero = RangeServer.answering(RangeServer.range("orders", 0, 10))) {
			assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store(backwards).allocate("orders", 10))
				.withMessageContaining(backwards.uri() + ": answered 200 without a range of segment tag 'orders': range"
						+ " 20..11 of tag 'orders' is empty or not positive");
			assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store(zero).allocate("orders", 10))
				.withMessageContaining(zero.uri() + ": answered 200 without a range of segment tag 'orders': range"
						+ " 0..10 of tag 'orders' is empty or not positive");
		}
	}

	@Test
	void aBrokenServersAnswerIsAFailedAttemptAndTheNextServerIsAsked() throws Exception {
		List<String> broken = List.of(RangeServer.range("orders", LAST_SEQUENCE - 9, LAST_SEQUENCE + 1, Long.MAX_VALUE, 5, 3,
				2), RangeServer.range("orders", 991, 1000, 995, 0, 0, 0), RangeServer.range("users", 11, 20),
				RangeServer.range("orders", 20, 11));
		for (String answer : broken) {
			try (RangeServer wrong = RangeServer.answering(answer);
					RangeServer healthy = RangeServer.answering(RangeServer.range("orders", 11, 20))) {
				HttpSegmentStore store = store(wrong, healthy);
				// the store starts at a random server and moves on by one each allocation: in two, the broken
				// one is asked first once
				for (int i = 0; i < 2; i++) {
					assertThat(store.allocate("orders", 10)).as(answer)
						.isEqualTo(new SegmentRange("orders", 11, 20, 10, Long.MAX_VALUE));
				}
				assertThat(wrong.requests()).as("requests to the broken server").isOne();
				assertThat(healthy.requests()).isEqualTo(2);
			}
		}
	}

	@Test
	void aRangeWhoseCompositionChangedIsRefusedAndTheNextServerAsked() throws Exception {
		// one server composes the tag as before; the other changes its composition after its first answer
		// (a row changed behind the instances' back, or a server of a version that ignores the columns)
		try (RangeServer steady = RangeServer.answering((request) -> RangeServer.range("lines", 10L * request + 1,
				10L * request + 10, Long.MAX_VALUE, 5, 3, 2));
				RangeServer changing = RangeServer.answering((request) -> RangeServer.range("lines", 1000L + 10 * request + 1,
						1000L + 10 * request + 10, Long.MAX_VALUE, (request == 1) ? 5 : 0, (request == 1) ? 3 : 0,
						(request == 1) ? 2 : 0))) {
			HttpSegmentStore store = store(steady, changing);
			List<SegmentRange> ranges = new ArrayList<>();
			for (int i = 0; i < 5; i++) {
				ranges.add(store.allocate("lines", 10));
			}
			assertThat(ranges).extracting(SegmentRange::composition).containsOnly(LINES);
			assertThat(changing.requests()).as("the changing server was asked again after its first answer")
				.isGreaterThanOrEqualTo(2);
			assertThat(steady.requests() + changing.requests()).as("one refused answer or more").isGreaterThan(5);
		}
	}

	@Test
	void aChangedCompositionFromTheOnlyServerIsNamedInTheError() throws Exception {
		try (RangeServer changing = RangeServer.answering((request) -> RangeServer.range("lines", 10L * request + 1,
				10L * request + 10, Long.MAX_VALUE, (request == 1) ? 5 : 0, (request == 1) ? 3 : 0, (request == 1) ? 2 : 0))) {
			HttpSegmentStore store = store(changing);
			assertThat(store.allocate("lines", 10).composition()).isEqualTo(LINES);
			assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store.allocate("lines", 10))
				.withMessageContaining(changing.uri() + ": answered the range 21..30 of segment tag 'lines' composed with"
						+ " business_id 0, business_bits 0, shard_bits 0, but its ranges so far were composed with"
						+ " business_id 5, business_bits 3, shard_bits 2");
		}
	}

	private static HttpSegmentStore store(RangeServer... servers) {
		return HttpSegmentStore.builder()
			.servers(java.util.Arrays.stream(servers).map(RangeServer::uri).toList())
			.timeout(Duration.ofSeconds(2))
			.build();
	}

}
