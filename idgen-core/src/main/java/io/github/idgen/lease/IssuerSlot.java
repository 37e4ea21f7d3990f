package io.github.idgen.lease;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * Room for one issuer of ids under a keeper's leases: two would issue the same ids. A detached
 * issuer leaves its last id behind, and the next one continues after it, even in the same
 * millisecond.
 */
public final class IssuerSlot {

	private final AtomicReference<@Nullable Object> issuer = new AtomicReference<>();

	private final AtomicLong lastIdOfDetached = new AtomicLong();

	/**
	 * Takes the slot, as {@link ClusterDeployment#attachIssuer(Object)} describes.
	 * @param candidate the issuer
	 * @param where where the lease lives, for the message
	 * @return the last id detached issuers returned, 0 if none
	 * @throws IllegalStateException if another issuer holds the slot
	 */
	public long attach(Object candidate, Supplier<String> where) {
		Object current = this.issuer.compareAndExchange(null, candidate);
		if (current != null && current != candidate) {
			throw new IllegalStateException("The worker id lease " + where.get() + " already serves " + current
					+ "; two IdServices on one lease would issue the same ids. Close that one first, or share it"
					+ " (one IdService bean per deployment).");
		}
		return this.lastIdOfDetached.get();
	}

	/**
	 * Frees the slot, as {@link ClusterDeployment#detachIssuer(Object, long)} describes.
	 * @param attached the issuer holding the slot
	 * @param lastIssuedId the last id it returned
	 */
	public void detach(Object attached, long lastIssuedId) {
		this.lastIdOfDetached.accumulateAndGet(lastIssuedId, Math::max);
		this.issuer.compareAndSet(attached, null);
	}

}
