package io.github.idgen.server.security;

import org.springframework.security.authentication.BadCredentialsException;

/**
 * A {@code ?token=} that matches no configured token as it arrived, but would with each of its spaces
 * a {@code '+'}: its client sent a {@code '+'} unencoded, which a query reads as a space (tokens from
 * {@code openssl rand -base64} hold them). Still a 401, one that tells the client what to fix; the
 * message, which reaches logs, never carries the token.
 */
final class UnencodedQueryTokenException extends BadCredentialsException {

	UnencodedQueryTokenException() {
		super("The query's token matches a configured token only with its spaces read as '+': its client sent"
				+ " '+' unencoded");
	}

}
