package io.github.idgen.autoconfigure.opaque;

import io.github.idgen.autoconfigure.CommonProperties;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Opaque ids, under {@code xxx.common.opaque-id-*} (the prefix {@link CommonProperties} shares).
 */
@ConfigurationProperties("xxx.common")
public class OpaqueIdProperties {

	/**
	 * Secret AES key (base64 of 16, 24 or 32 bytes) of the FF1 permutation that turns ids into opaque
	 * ids; setting it adds an OpaqueIdService bean (needs org.bouncycastle:bcprov-jdk18on). Keep it in
	 * a secret store and never change it while opaque ids are in use: they would no longer decode.
	 */
	private @Nullable String opaqueIdKey;

	public @Nullable String getOpaqueIdKey() {
		return this.opaqueIdKey;
	}

	public void setOpaqueIdKey(@Nullable String opaqueIdKey) {
		this.opaqueIdKey = opaqueIdKey;
	}

}
