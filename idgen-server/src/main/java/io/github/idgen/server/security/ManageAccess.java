package io.github.idgen.server.security;

import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;

/**
 * Grants Actuator's endpoints, which show every tag (idgen's, the metrics, health's details), to a
 * token allowed to manage and not limited to tags: a token limited to some tags would otherwise learn
 * every other tag's name and figures there. A limited token is denied with {@link LimitedDenied}, so
 * that its answer says why (and the console can tell it from a token that may not manage at all).
 */
final class ManageAccess implements AuthorizationManager<RequestAuthorizationContext> {

	@Override
	public AuthorizationResult authorize(Supplier<? extends @Nullable Authentication> authentication,
			RequestAuthorizationContext context) {
		Authentication current = authentication.get();
		if (!(current instanceof TokenAuthentication token) || token.getCaller() == null) {
			return new AuthorizationDecision(false);
		}
		ConfiguredTokens.Caller caller = token.getCaller();
		if (caller.manage() && !caller.tags().isEmpty()) {
			return new LimitedDenied(caller);
		}
		return new AuthorizationDecision(caller.managesEveryTag());
	}

	/**
	 * A token allowed to manage but limited to tags, for the 403 answer.
	 */
	static final class LimitedDenied extends AuthorizationDecision {

		private final ConfiguredTokens.Caller caller;

		LimitedDenied(ConfiguredTokens.Caller caller) {
			super(false);
			this.caller = caller;
		}

		ConfiguredTokens.Caller caller() {
			return this.caller;
		}

	}

}
