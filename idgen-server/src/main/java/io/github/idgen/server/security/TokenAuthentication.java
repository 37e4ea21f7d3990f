package io.github.idgen.server.security;

import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.security.authentication.AbstractAuthenticationToken;

/**
 * A request's token: unauthenticated as presented, authenticated as the configured caller it
 * matched. Its string form names the caller, never the token.
 */
final class TokenAuthentication extends AbstractAuthenticationToken {

	private transient @Nullable String presented;

	private final ConfiguredTokens.@Nullable Caller caller;

	private final boolean inQuery;

	private TokenAuthentication(@Nullable String presented, ConfiguredTokens.@Nullable Caller caller, boolean inQuery) {
		super((caller != null) ? caller.authorities() : List.of());
		this.presented = presented;
		this.caller = caller;
		this.inQuery = inQuery;
		setAuthenticated(caller != null);
	}

	/**
	 * A token as a request carried it.
	 * @param token the token
	 * @param inQuery whether it came in {@code ?token=} rather than the {@code Authorization} header
	 */
	static TokenAuthentication presented(String token, boolean inQuery) {
		return new TokenAuthentication(token, null, inQuery);
	}

	static TokenAuthentication of(ConfiguredTokens.Caller caller) {
		return new TokenAuthentication(null, caller, false);
	}

	/** Whether the token came in {@code ?token=}, where a client may have left it unencoded. */
	boolean isInQuery() {
		return this.inQuery;
	}

	@Override
	public @Nullable Object getCredentials() {
		return this.presented;
	}

	@Override
	public Object getPrincipal() {
		return (this.caller != null) ? this.caller.name() : "unauthenticated token";
	}

	@Override
	public String getName() {
		return getPrincipal().toString();
	}

	ConfiguredTokens.@Nullable Caller getCaller() {
		return this.caller;
	}

	@Override
	public void eraseCredentials() {
		this.presented = null;
	}

	@Override
	public String toString() {
		return "TokenAuthentication[" + getName() + "]";
	}

}
