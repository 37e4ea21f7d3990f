package io.github.idgen.autoconfigure.client;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.OnPropertyListCondition;

/**
 * Matches when {@code xxx.common.server-urls} holds at least one URL, written as a comma-separated
 * value or indexed ({@code server-urls[0]}).
 */
class OnServerUrlsCondition extends OnPropertyListCondition {

	OnServerUrlsCondition() {
		super("xxx.common.server-urls", () -> ConditionMessage.forCondition("idgen-server URLs"));
	}

}
