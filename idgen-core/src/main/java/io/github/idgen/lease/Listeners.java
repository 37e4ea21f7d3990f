package io.github.idgen.lease;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Listeners of one kind of event, called in order on the caller's thread. A listener that throws,
 * even an {@link Error}, is logged and does not keep the others or the lease thread from going on.
 *
 * @param <T> what listeners are called with
 */
final class Listeners<T> {

	private static final Logger logger = LoggerFactory.getLogger(Listeners.class);

	private final List<Consumer<T>> listeners = new CopyOnWriteArrayList<>();

	void add(Consumer<T> listener) {
		this.listeners.add(listener);
	}

	void clear() {
		this.listeners.clear();
	}

	void fire(T event) {
		for (Consumer<T> listener : this.listeners) {
			try {
				listener.accept(event);
			}
			catch (Throwable ex) {
				logger.error("A lease listener failed on {}", event, ex);
			}
		}
	}

}
