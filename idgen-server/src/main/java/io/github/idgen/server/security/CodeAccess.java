package io.github.idgen.server.security;

import java.util.function.Supplier;

import io.github.idgen.codes.BusinessNumbers;
import io.github.idgen.codes.Codes;
import io.github.idgen.codes.UnknownCodeException;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;

/**
 * Grants a request for a business number code ({@code /v1/codes/{tag}/...}, the path variable named
 * like a tag) to a token allowed both the code's name and the segment tag the code draws from: a token
 * limited to tags reaches a tag's sequence through no code of another name. A code that does not exist
 * needs its name only, and is then answered 404, as an unknown tag is.
 */
final class CodeAccess implements AuthorizationManager<RequestAuthorizationContext> {

	private final TagAccess names = new TagAccess(false);

	private final ObjectProvider<Codes> codes;

	CodeAccess(ObjectProvider<Codes> codes) {
		this.codes = codes;
	}

	@Override
	public AuthorizationResult authorize(Supplier<? extends @Nullable Authentication> authentication,
			RequestAuthorizationContext context) {
		AuthorizationResult byName = this.names.authorize(authentication, context);
		if (!byName.isGranted()) {
			return byName;
		}
		TokenAuthentication token = (TokenAuthentication) authentication.get();
		String name = context.getVariables().get(TagAccess.TAG_VARIABLE);
		String tag = (name != null) ? tagOf(name) : null;
		if (token != null && token.getCaller() != null && tag != null && !token.getCaller().mayUse(tag)) {
			return new TagAccess.TagDenied(token.getCaller().name(), tag, name);
		}
		return new AuthorizationDecision(true);
	}

	private @Nullable String tagOf(String name) {
		Codes codes = this.codes.getIfAvailable();
		if (codes == null) {
			return null;
		}
		try {
			BusinessNumbers code = codes.get(name);
			return code.getTag();
		}
		catch (UnknownCodeException ex) {
			return null;
		}
	}

}
