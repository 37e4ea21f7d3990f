package io.github.idgen.client;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStoreException;
import org.jetbrains.lincheck.datastructures.BooleanGen;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.jetbrains.lincheck.datastructures.Validate;
import org.jetbrains.lincheck.datastructures.verifier.EpsilonVerifier;
import org.junit.jupiter.api.Test;

/**
 * Lincheck explores the interleavings of concurrent allocations of an {@link HttpSegmentStore} in
 * what they share, {@link ServerFailover}: the choice of the server each allocation asks first, the
 * failover along the others, and the composition of a tag's ranges that the first range sets, while
 * servers go down, come back and refuse the token. Lincheck cannot check real HTTP (it forbids I/O
 * under its model checker), so the exchange is replaced by each server's scripted state; the
 * exchanges themselves are tested against real servers ({@link HttpSegmentStoreTests}).
 * <p>
 * Promised: each allocation asks every server once at most, stopping at the first that gives a
 * range; the allocations' first servers rotate (of k allocations, the first servers are k
 * consecutive ones, so at most one server more often than another); an allocation that no server
 * gave a range names every server in its error, which is {@link ServerAccessDeniedException} exactly
 * when every server refused the token; every range used of a tag has the composition of the first
 * one used, and a range is refused only for a composition other than that one.
 */
@Param(name = "server", gen = IntGen.class, conf = "0:2")
@Param(name = "composedOtherwise", gen = BooleanGen.class)
public class ServerFailoverLincheckTests {

	private static final String TAG = "orders";

	private static final List<URI> SERVERS = List.of(URI.create("http://ids-0:8080"), URI.create("http://ids-1:8080"),
			URI.create("http://ids-2:8080"));

	private static final SegmentComposition USUAL = new SegmentComposition(1, 2, 0);

	private static final SegmentComposition OTHER = new SegmentComposition(2, 2, 0);

	private final ServerFailover failover = new ServerFailover(SERVERS, Integer.MAX_VALUE);

	private final Servers servers = new Servers();

	@Operation
	public void allocate(@Param(name = "composedOtherwise") boolean composedOtherwise) {
		List<URI> order = this.failover.nextOrder();
		this.servers.startedWith(order);
		ServerFailover.Tried tried = new ServerFailover.Tried();
		boolean everyOneRefused = true;
		for (URI server : order) {
			State state = this.servers.state(server);
			switch (state) {
				case UP -> {
					SegmentRange range = new SegmentRange(TAG, 1, 10, 10, Long.MAX_VALUE, composedOtherwise ? OTHER : USUAL);
					try {
						this.servers.used(this.failover.checkComposition(range, server));
						return;
					}
					catch (RefusedAnswerException ex) {
						this.servers.refused(range);
						tried.failed(server + ": " + ex.answer(), ex);
						everyOneRefused = false;
					}
				}
				case DOWN -> {
					tried.failed(server + ": java.net.ConnectException", new IOException("connection refused"));
					everyOneRefused = false;
				}
				case REFUSES_TOKEN -> tried.refused(server + ": HTTP 401");
			}
		}
		RuntimeException error = tried.noRange(TAG, SERVERS.size());
		if ((error instanceof ServerAccessDeniedException) != everyOneRefused
				|| !(error instanceof ServerAccessDeniedException) && !(error instanceof SegmentStoreException)) {
			this.servers.violation(error + " after servers that " + (everyOneRefused ? "" : "not ") + "all refused the token");
		}
		for (URI server : SERVERS) {
			if (!error.getMessage().contains(server.toString())) {
				this.servers.violation(error.getMessage() + " does not name " + server);
			}
		}
	}

	@Operation
	public void serverGoesDown(@Param(name = "server") int server) {
		this.servers.set(server, State.DOWN);
	}

	@Operation
	public void serverComesBack(@Param(name = "server") int server) {
		this.servers.set(server, State.UP);
	}

	@Operation
	public void serverRefusesToken(@Param(name = "server") int server) {
		this.servers.set(server, State.REFUSES_TOKEN);
	}

	@Validate
	public void promisesKept() {
		this.servers.check();
	}

	@Test
	void modelChecking() {
		new ModelCheckingOptions().iterations(3)
			.invocationsPerIteration(80)
			.threads(3)
			.actorsPerThread(3)
			.actorsBefore(2)
			.actorsAfter(2)
			.verifier(EpsilonVerifier.class)
			.addGuarantee(ManagedStrategyGuaranteeKt.forClasses(Servers.class.getName()).allMethods().ignore())
			.addGuarantee(ManagedStrategyGuaranteeKt
				.forClasses((name) -> name.startsWith("org.slf4j.") || name.startsWith("ch.qos.logback."))
				.allMethods()
				.ignore())
			.check(getClass());
	}

	@Test
	void stress() {
		new StressOptions().iterations(5)
			.invocationsPerIteration(300)
			.threads(3)
			.actorsPerThread(3)
			.actorsBefore(2)
			.actorsAfter(2)
			.verifier(EpsilonVerifier.class)
			.check(getClass());
	}

	enum State {

		UP, DOWN, REFUSES_TOKEN

	}

	/**
	 * The servers' states and what the allocations did, checked as they report it; bookkeeping of the
	 * check under one lock, which serialises the check, never the calls under test.
	 */
	static final class Servers {

		private final Map<URI, State> states = new HashMap<>();

		private final List<Integer> firsts = new ArrayList<>();

		private final Set<SegmentComposition> used = new HashSet<>();

		private final List<SegmentRange> refused = new ArrayList<>();

		private final List<String> violations = new ArrayList<>();

		synchronized State state(URI server) {
			return this.states.getOrDefault(server, State.UP);
		}

		synchronized void set(int server, State state) {
			this.states.put(SERVERS.get(server), state);
		}

		synchronized void startedWith(List<URI> order) {
			if (!new HashSet<>(order).equals(new HashSet<>(SERVERS)) || order.size() != SERVERS.size()) {
				this.violations.add("an allocation asks " + order + ", not every server once");
			}
			this.firsts.add(SERVERS.indexOf(order.get(0)));
		}

		synchronized void used(SegmentRange range) {
			this.used.add(range.composition());
			if (this.used.size() > 1) {
				this.violations.add("ranges of " + this.used + " were all used");
			}
		}

		synchronized void refused(SegmentRange range) {
			this.refused.add(range);
		}

		synchronized void violation(String violation) {
			this.violations.add(violation);
		}

		synchronized void check() {
			// k allocations start at k consecutive servers: counts differ by one at most
			int[] counts = new int[SERVERS.size()];
			this.firsts.forEach((first) -> counts[first]++);
			int most = 0;
			int least = Integer.MAX_VALUE;
			for (int count : counts) {
				most = Math.max(most, count);
				least = Math.min(least, count);
			}
			if (most - least > 1) {
				this.violations.add("the allocations started at servers " + this.firsts + ", not in turn");
			}
			for (SegmentRange range : this.refused) {
				if (this.used.contains(range.composition()) || this.used.isEmpty()) {
					this.violations.add("a range of " + range.composition() + " was refused, the composition of "
							+ this.used);
				}
			}
			if (!this.violations.isEmpty()) {
				throw new AssertionError(String.join("; ", this.violations));
			}
		}

	}

}
