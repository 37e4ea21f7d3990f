package io.github.idgen.redis;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdUnavailableException;

/**
 * Takes ids in batches of 20 on a thread of its own until stopped, as a busy instance does, and keeps
 * every id; a refused call (no provable lease) waits a millisecond and tries again.
 */
final class LoadIssuer implements AutoCloseable {

	private final IdService ids;

	private final List<Long> issued = new CopyOnWriteArrayList<>();

	private final Thread thread = new Thread(this::run, "load-issuer");

	private volatile boolean running = true;

	LoadIssuer(IdService ids) {
		this.ids = ids;
		this.thread.start();
	}

	List<Long> issued() {
		return this.issued;
	}

	int count() {
		return this.issued.size();
	}

	private void run() {
		while (this.running) {
			try {
				this.issued.addAll(this.ids.nextIds(20));
			}
			catch (IdUnavailableException ex) {
				LockSupport.parkNanos(1_000_000);
			}
		}
	}

	@Override
	public void close() throws InterruptedException {
		this.running = false;
		this.thread.join();
	}

}
