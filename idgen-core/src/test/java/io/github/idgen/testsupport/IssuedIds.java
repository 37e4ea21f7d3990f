package io.github.idgen.testsupport;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the ids of one service promise, checked as a model check's operations return them: every id is
 * issued once, and every id is greater than every id of the calls that returned before its call
 * began (so each thread's ids increase, and ids follow the order of calls that do not overlap). An
 * operation reads {@link #floor()} before it calls the service, and hands what it got to
 * {@link #issued}; a broken promise is kept as a violation, and {@link #check()} (the check's
 * {@code @Validate} function) throws them, so that the checker prints the interleaving that broke it.
 * <p>
 * Results are checked here rather than compared with a sequential specification, since the ids depend
 * on clock readings that no sequential run reproduces. One lock guards the record: it serialises the
 * bookkeeping of the check, never the calls under test.
 */
public final class IssuedIds {

	private final Set<Long> issued = new HashSet<>();

	private final List<String> violations = new ArrayList<>();

	private long highestReturned = Long.MIN_VALUE;

	/**
	 * Returns what every id of a call that begins now must be above.
	 * @return the highest id returned so far, or {@link Long#MIN_VALUE}
	 */
	public synchronized long floor() {
		return this.highestReturned;
	}

	/**
	 * Records an id a call returned.
	 * @param floor {@link #floor()} as read before the call
	 * @param id the id
	 * @param call what the call was, for the message
	 */
	public synchronized void issued(long floor, long id, String call) {
		if (id <= floor) {
			this.violations.add(call + " returned " + id + ", not above " + floor + " that an earlier call returned");
		}
		if (!this.issued.add(id)) {
			this.violations.add(call + " returned " + id + " a second time");
		}
		this.highestReturned = Math.max(this.highestReturned, id);
	}

	/**
	 * Records the ids of a batch, which must also increase among themselves.
	 * @param floor {@link #floor()} as read before the call
	 * @param ids the ids in the order returned
	 * @param call what the call was, for the message
	 */
	public synchronized void issued(long floor, Collection<Long> ids, String call) {
		long previous = floor;
		for (long id : ids) {
			issued(previous, id, call);
			previous = Math.max(previous, id);
		}
	}

	/**
	 * Records a broken promise that is not about the ids' values.
	 * @param violation what went wrong
	 */
	public synchronized void violation(String violation) {
		this.violations.add(violation);
	}

	/**
	 * Returns the ids issued so far.
	 * @return a copy
	 */
	public synchronized Set<Long> all() {
		return new HashSet<>(this.issued);
	}

	/**
	 * Throws every violation recorded.
	 * @throws AssertionError naming them
	 */
	public synchronized void check() {
		if (!this.violations.isEmpty()) {
			throw new AssertionError(String.join("; ", this.violations));
		}
	}

}
