package io.github.idgen.server.security;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;

/**
 * Authenticates a presented token against the configured ones. A {@code ?token=} that matches none
 * is looked up once more with its spaces as {@code '+'}, only to tell its client to percent-encode it
 * ({@link UnencodedQueryTokenException}); it is refused all the same, since a token is what the
 * client sends, not what it may have meant.
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
			// the messages reach logs and the 401 answer: they never carry the token
			if (presented instanceof String token && authentication instanceof TokenAuthentication inQuery
					&& inQuery.isInQuery() && token.indexOf(' ') >= 0 && this.tokens.find(token.replace(' ', '+')) != null) {
				throw new UnencodedQueryTokenException();
			}
			throw new BadCredentialsException("The token matches no configured token");
		}
		return TokenAuthentication.of(caller);
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return TokenAuthentication.class.isAssignableFrom(authentication);
	}

}
