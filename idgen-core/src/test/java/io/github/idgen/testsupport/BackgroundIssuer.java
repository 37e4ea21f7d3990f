package io.github.idgen.testsupport;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.snowflake.IdService;

/**
 * Takes an id every 0.2 ms on a thread of its own until closed, as a live instance does while a test
 * freezes, thaws or cuts off another one.
 */
public final class BackgroundIssuer implements AutoCloseable {

	private final Set<Long> issued = ConcurrentHashMap.newKeySet();

	private final Thread thread;

	private volatile boolean issuing = true;

	/**
	 * Starts issuing.
	 * @param ids the service to take ids from; a call that throws ends the thread
	 */
	public BackgroundIssuer(IdService ids) {
		this.thread = new Thread(() -> {
			while (this.issuing) {
				this.issued.add(ids.nextId());
				LockSupport.parkNanos(200_000);
			}
		}, "background-issuer");
		this.thread.start();
	}

	/** @return the ids issued so far */
	public Set<Long> issued() {
		return this.issued;
	}

	/**
	 * Stops issuing and waits for the thread to end.
	 * @throws InterruptedException if interrupted while waiting
	 */
	@Override
	public void close() throws InterruptedException {
		this.issuing = false;
		this.thread.join();
	}

}
