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
 * without a valid token is denied here and answered 401 by the entry point. Creating a tag also
 * needs a token allowed to manage; the tag is checked first, so that a token limited to other tags
 * is told about its tags, whatever else it may do.
 */
final class TagAccess implements AuthorizationManager<RequestAuthorizationContext> {

	static final String TAG_VARIABLE = "tag";

	/** Whether the request also needs a token allowed to manage, as creating a tag does. */
	private final boolean manageNeeded;

	/**
	 * Creates the check.
	 * @param manageNeeded whether the token must also be allowed to manage ({@code manage=true})
	 */
	TagAccess(boolean manageNeeded) {
		this.manageNeeded = manageNeeded;
	}

	@Override
	public AuthorizationResult authorize(Supplier<? extends @Nullable Authentication> authentication,
			RequestAuthorizationContext context) {
		Authentication current = authentication.get();
		if (!(current instanceof TokenAuthentication token) || token.getCaller() == null) {
			return new AuthorizationDecision(false);
		}
		String tag = context.getVariables().get(TAG_VARIABLE);
		if (tag != null && !token.getCaller().mayUse(tag)) {
			return new TagDenied(token.getCaller().name(), tag, null);
		}
		if (this.manageNeeded && !token.getCaller().manage()) {
			return new ManageDenied(token.getCaller().name());
		}
		return new AuthorizationDecision(true);
	}

	/**
	 * A token that may use the tag but not manage, for the 403 answer.
	 */
	static final class ManageDenied extends AuthorizationDecision {

		private final String caller;

		ManageDenied(String caller) {
			super(false);
			this.caller = caller;
		}

		String caller() {
			return this.caller;
		}

	}

	/**
	 * A token denied a tag, for the 403 answer.
	 */
	static final class TagDenied extends AuthorizationDecision {

		private final String caller;

		private final String tag;

		private final @Nullable String code;

		/**
		 * Creates the denial.
		 * @param caller the token's name
		 * @param tag the tag it may not use
		 * @param code the business number code asked for that draws from the tag, null if the request
		 * named the tag itself
		 */
		TagDenied(String caller, String tag, @Nullable String code) {
			super(false);
			this.caller = caller;
			this.tag = tag;
			this.code = code;
		}

		String caller() {
			return this.caller;
		}

		String tag() {
			return this.tag;
		}

		@Nullable String code() {
			return this.code;
		}

	}

}
