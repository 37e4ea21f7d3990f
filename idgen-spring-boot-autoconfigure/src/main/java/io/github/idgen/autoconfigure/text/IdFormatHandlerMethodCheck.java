package io.github.idgen.autoconfigure.text;

import java.util.function.Supplier;
import java.util.stream.Stream;

import io.github.idgen.format.IdFormat;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.MethodParameter;
import org.springframework.web.method.HandlerMethod;

/**
 * Checks the {@link IdFormat} annotations of every controller method's parameters once the context
 * has started, so that an invalid prefix stops the application rather than answering every request
 * with 400.
 */
final class IdFormatHandlerMethodCheck implements SmartInitializingSingleton {

	private final Supplier<Stream<HandlerMethod>> handlerMethods;

	IdFormatHandlerMethodCheck(Supplier<Stream<HandlerMethod>> handlerMethods) {
		this.handlerMethods = handlerMethods;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.handlerMethods.get().forEach(IdFormatHandlerMethodCheck::check);
	}

	private static void check(HandlerMethod method) {
		for (MethodParameter parameter : method.getMethodParameters()) {
			try {
				ParameterIdFormats.codec(parameter);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalStateException("@IdFormat on parameter '" + parameter.getParameterName() + "' of "
						+ method.getBeanType().getName() + "." + method.getMethod().getName() + ": " + ex.getMessage(),
						ex);
			}
		}
	}

}
