package io.github.idgen.autoconfigure.client;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.idgen.client.HttpSegmentStore;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Segment ranges from idgen-server, under {@code xxx.common.server-*}.
 */
@ConfigurationProperties("xxx.common")
public class IdgenServerClientProperties {

	/**
	 * Base URLs of the idgen-servers to take segment ranges from, such as
	 * http://ids-1:8080,http://ids-2:8080. Setting them turns segment ids on (SegmentIdServices
	 * bean) with ranges from these servers instead of a database; the client spreads its requests
	 * over them and fails over between them.
	 */
	private List<URI> serverUrls = new ArrayList<>();

	/**
	 * Bearer token sent to the idgen-servers; none for a server in demo mode. Keep it out of
	 * configuration files, for example in the environment variable XXX_COMMON_SERVERTOKEN.
	 */
	private @Nullable String serverToken;

	/**
	 * How long one request to one idgen-server may take, connecting included, before the next
	 * server is asked.
	 */
	private Duration serverTimeout = HttpSegmentStore.DEFAULT_TIMEOUT;

	public List<URI> getServerUrls() {
		return this.serverUrls;
	}

	public void setServerUrls(List<URI> serverUrls) {
		this.serverUrls = serverUrls;
	}

	public @Nullable String getServerToken() {
		return this.serverToken;
	}

	public void setServerToken(@Nullable String serverToken) {
		this.serverToken = serverToken;
	}

	public Duration getServerTimeout() {
		return this.serverTimeout;
	}

	public void setServerTimeout(Duration serverTimeout) {
		this.serverTimeout = serverTimeout;
	}

}
