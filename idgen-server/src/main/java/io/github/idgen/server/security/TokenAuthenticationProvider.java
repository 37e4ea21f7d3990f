package io.github.idgen.server.security;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;

/**
 * Authenticates a presented token against the configured ones.
 */
final class TokenAuthenticationProvider implements AuthenticationProvider {

	private final ConfiguredTokens tokens;

	TokenAuthenticationProvider(ConfiguredTokens tokens) {
		this.tokens = tokens;
	}

	@Override
	public Authentication authenticate(Authentication authentication) {
		Object presented = authentication.getCredentials();
		ConfiguredTokens.Caller caller = (presented instanceof String token) ? this.tokens.find(token) : null;
		if (caller == null) {
			// the message reaches logs and the 401 answer: it never carries the token
			throw new BadCredentialsException("The token matches no configured token");
		}
		return TokenAuthentication.of(caller);
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return TokenAuthentication.class.isAssignableFrom(authentication);
	}

}
