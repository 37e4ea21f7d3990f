package io.github.idgen.client;

import java.net.URI;

import io.github.idgen.segment.SegmentStoreException;
import org.jspecify.annotations.Nullable;

/**
 * Thrown when a server answered 200 with something this client must not use as a range: no range, a
 * range of another tag, or one whose ids are impossible. It is a failed attempt against that server,
 * as an unreachable server is, so the next server is asked.
 */
final class RefusedAnswerException extends SegmentStoreException {

	private static final long serialVersionUID = 1L;

	private final String answer;

	RefusedAnswerException(URI server, String answer) {
		this(server, answer, null);
	}

	RefusedAnswerException(URI server, String answer, @Nullable Throwable cause) {
		super("idgen-server " + server + " " + answer, cause);
		this.answer = answer;
	}

	/** What the server answered, such as {@code answered a range of segment tag 'users' when asked for 'orders'}. */
	String answer() {
		return this.answer;
	}

}
