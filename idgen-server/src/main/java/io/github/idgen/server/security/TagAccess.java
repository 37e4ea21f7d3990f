package io.github.idgen.server.security;

import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;

/**
 * Grants a request on a tag's path ({@code {tag}} in the pattern) to a token allowed that tag,
 * whether or not the tag exists: a caller learns nothing about tags it may not use. A request
 * without a valid token is denied here and answered 401 by the entry point.
 */
final class TagAccess implements AuthorizationManager<RequestAuthorizationContext> {

	static final String TAG_VARIABLE = "tag";

	@Override
	public AuthorizationResult authorize(Supplier<? extends @Nullable Authentication> authentication,
			RequestAuthorizationContext context) {
		Authentication current = authentication.get();
		if (!(current instanceof TokenAuthentication token) || token.getCaller() == null) {
			return new AuthorizationDecision(false);
		}
		String tag = context.getVariables().get(TAG_VARIABLE);
		if (tag != null && !token.getCaller().mayUse(tag)) {
			return new TagDenied(token.getCaller().name(), tag);
		}
		return new AuthorizationDecision(true);
	}

	/**
	 * A token denied a tag, for the 403 answer.
	 */
	static final class TagDenied extends AuthorizationDecision {

		private final String caller;

		private final String tag;

		TagDenied(String caller, String tag) {
			super(false);
			this.caller = caller;
			this.tag = tag;
		}

		String caller() {
			return this.caller;
		}

		String tag() {
			return this.tag;
		}

	}

}
