package io.github.idgen.benchmarks;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdsExhaustedException;

import static io.github.idgen.benchmarks.Figures.max;
import static io.github.idgen.benchmarks.Figures.median;
import static io.github.idgen.benchmarks.Figures.ms;
import static io.github.idgen.benchmarks.Figures.quantile;

/**
 * Many instances leasing at once, whatever the backend: each leaser on its own thread (256 KiB stack)
 * behind one start gate, created, started (connected) and leasing; with {@code connectedFirst} they
 * all start before a barrier and then lease together. Records when each got its lease or failed, the
 * JVM's threads and resident memory at the peak, and prints the rows that do not depend on the backend.
 */
final class Stampede {

	/** One instance: what {@link Stampede} does with it, in order. */
	interface Leaser {

		/** Connects, or prepares whatever the backend needs before leasing. */
		void start() throws Exception;

		/** Leases an id and returns the lease. */
		WorkerIdLease lease() throws Exception;

		/** Gives the id back and lets go of the backend. */
		void close() throws Exception;

		/**
		 * A leaser that is one deployment.
		 * @param deployment the deployment, built but not started
		 * @param start what starts it
		 * @return the leaser
		 */
		static <D extends ClusterDeployment & Closeable> Leaser of(D deployment, Runnable start) {
			return new Leaser() {

				@Override
				public void start() {
					start.run();
				}

				@Override
				public WorkerIdLease lease() {
					deployment.getWorkerId();
					return deployment.currentLease();
				}

				@Override
				public void close() throws IOException {
					deployment.close();
				}

			};
		}

	}

	final int count;

	final boolean connectedFirst;

	private final AtomicReferenceArray<Leaser> leasers;

	final long[] connected;

	final long[] leaseStart;

	final long[] leaseEnd;

	final WorkerIdLease[] leases;

	final Throwable[] failures;

	long start;

	long end;

	int threadsBefore;

	int peakThreads;

	long peakRssKb;

	private Stampede(int count, boolean connectedFirst) {
		this.count = count;
		this.connectedFirst = connectedFirst;
		this.leasers = new AtomicReferenceArray<>(count);
		this.connected = new long[count];
		this.leaseStart = new long[count];
		this.leaseEnd = new long[count];
		this.leases = new WorkerIdLease[count];
		this.failures = new Throwable[count];
	}

	/**
	 * Lets {@code count} leasers made by {@code factory} (called on the leaser's own thread, after the
	 * gate) lease at once, and returns when every one has its lease or has failed.
	 */
	static Stampede run(int count, boolean connectedFirst, IntFunction<Leaser> factory) throws InterruptedException {
		Stampede stampede = new Stampede(count, connectedFirst);
		stampede.threadsBefore = Thread.activeCount();
		CountDownLatch gate = new CountDownLatch(1);
		CyclicBarrier allConnected = new CyclicBarrier(count);
		CountDownLatch done = new CountDownLatch(count);
		for (int i = 0; i < count; i++) {
			int leaser = i;
			new Thread(null, () -> {
				try {
					gate.await();
					Leaser instance = factory.apply(leaser);
					stampede.leasers.set(leaser, instance);
					instance.start();
					stampede.connected[leaser] = System.nanoTime();
					if (connectedFirst) {
						allConnected.await();
					}
					stampede.leaseStart[leaser] = System.nanoTime();
					try {
						stampede.leases[leaser] = instance.lease();
					}
					finally {
						stampede.leaseEnd[leaser] = System.nanoTime();
					}
				}
				catch (Throwable ex) {
					stampede.failures[leaser] = ex;
				}
				finally {
					done.countDown();
				}
			}, "leaser-" + i, 256 * 1024).start();
		}
		stampede.start = System.nanoTime();
		gate.countDown();
		while (!done.await(100, TimeUnit.MILLISECONDS)) {
			stampede.samplePeak();
		}
		stampede.end = System.nanoTime();
		stampede.samplePeak();
		return stampede;
	}

	private void samplePeak() {
		this.peakThreads = Math.max(this.peakThreads, Thread.activeCount());
		this.peakRssKb = Math.max(this.peakRssKb, Figures.rssKb());
	}

	/** How many leasers hold a lease. */
	int holders() {
		return (int) Arrays.stream(this.leases).filter((lease) -> lease != null).count();
	}

	/** How many of the leasers can hold an id of {@code range}. */
	int expectedHolders(LeaseRange range) {
		return (range == LeaseRange.NODE_ID) ? this.count : 32;
	}

	/**
	 * Prints the section's heading, the table's header and its first row.
	 * @param prefix what comes before the count in the heading ({@code ""} or a backend's name)
	 * @param range the range leased from
	 * @param start the verb for the leasers' start: "connect" or "start"
	 * @param clients the first row: what the leasers are
	 */
	void printHeader(String prefix, LeaseRange range, String start, String clients) {
		System.out.println("### " + prefix + this.count + " leasers at once, " + range + " range ("
				+ (range == LeaseRange.NODE_ID ? "1024 node ids" : "32 worker ids of datacenter id 0") + "), "
				+ (this.connectedFirst ? "all " + start + "ed first, then leasing together"
						: "each " + start + "ing and leasing at once"));
		System.out.println();
		System.out.println("| figure | value |");
		System.out.println("| --- | --- |");
		System.out.println("| " + clients + " |");
	}

	/**
	 * Prints the table's rows from the one after the clients row to the resident memory; the caller
	 * prints the backend's own rows around them.
	 * @param holdingRow the cell that says who holds what, checked against the backend's server
	 * @param expectedExhausted how many must fail with {@link WorkerIdsExhaustedException}, or -1 if none may
	 */
	void printRows(String holdingRow, int expectedExhausted) {
		List<Long> connectNanos = new ArrayList<>();
		List<Long> successNanos = new ArrayList<>();
		List<Long> exhaustedNanos = new ArrayList<>();
		List<String> otherFailures = new ArrayList<>();
		long lastLease = this.start;
		for (int i = 0; i < this.count; i++) {
			if (this.connected[i] != 0) {
				connectNanos.add(this.connected[i] - this.start);
			}
			if (this.leases[i] != null) {
				successNanos.add(this.leaseEnd[i] - this.leaseStart[i]);
				lastLease = Math.max(lastLease, this.leaseEnd[i]);
			}
			else if (this.failures[i] instanceof WorkerIdsExhaustedException) {
				exhaustedNanos.add(this.leaseEnd[i] - this.leaseStart[i]);
			}
			else if (this.failures[i] != null) {
				otherFailures.add(this.failures[i].toString());
			}
		}
		System.out.println("| connected (start() returned), from the gate: median / max | " + ms(median(connectNanos))
				+ " / " + ms(max(connectNanos)) + " |");
		System.out.println("| holding an id | " + holdingRow + " |");
		System.out.println("| from the gate until the last holder had its id | " + ms(lastLease - this.start) + " |");
		if (this.connectedFirst) {
			long released = Arrays.stream(this.leaseStart).filter((t) -> t != 0).min().orElse(this.start);
			System.out.println("| from the moment all were connected until the last holder had its id | "
					+ ms(lastLease - released) + " |");
		}
		System.out.println("| getWorkerId() of the holders: median / p99 / max | " + ms(median(successNanos)) + " / "
				+ ms(quantile(successNanos, 0.99)) + " / " + ms(max(successNanos)) + " |");
		if (expectedExhausted >= 0) {
			System.out.println("| failed with WorkerIdsExhaustedException | " + exhaustedNanos.size() + " (expected "
					+ expectedExhausted + ") |");
			System.out.println("| getWorkerId() of those failing: median / p99 / max | " + ms(median(exhaustedNanos))
					+ " / " + ms(quantile(exhaustedNanos, 0.99)) + " / " + ms(max(exhaustedNanos)) + " |");
		}
		if (!otherFailures.isEmpty()) {
			System.out.println("| other failures | " + otherFailures.size() + ", first: " + otherFailures.get(0) + " |");
		}
		System.out.println("| everything settled (all " + this.count + " leasers done), from the gate | "
				+ ms(this.end - this.start) + " |");
		System.out.println("| JVM threads before / at peak | " + this.threadsBefore + " / " + this.peakThreads
				+ " (stack 256 KiB) |");
		System.out.println("| JVM resident memory at peak | " + (this.peakRssKb / 1024) + " MiB |");
	}

	/** Closes every leaser, 32 at a time, and prints how long that took as the table's last row. */
	void closeAll() throws InterruptedException {
		long closeStart = System.nanoTime();
		Figures.parallel(32, this.count, (i) -> {
			Leaser leaser = this.leasers.get(i);
			if (leaser != null) {
				leaser.close();
			}
		});
		System.out.println("| closing all " + this.count + " (32 at a time) | " + ms(System.nanoTime() - closeStart) + " |");
		System.out.println();
	}

}
