package io.github.idgen.autoconfigure.text;

import java.util.ArrayList;
import java.util.List;

import io.github.idgen.text.IdTextCodec;
import io.github.idgen.text.IdTextException;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.TypeMismatchException;
import org.springframework.core.MethodParameter;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.util.StringUtils;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.server.ServerWebInputException;

/**
 * Answers a request whose {@code @IdFormat} path variable or request parameter is malformed with
 * {@code 400 Bad Request} and an RFC 9457 problem detail that names the parameter and says what is
 * wrong with the text ({@link IdTextException}'s message), in Spring MVC and WebFlux. Without it the
 * answer is still 400, but its body does not say which parameter or why. Other conversion failures
 * are left to the handlers that answer them today. Last in order: the application's own exception
 * handlers, and Spring Boot's problem details when switched on, come first.
 */
@ControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class IdTextProblemHandler {

	/**
	 * Answers a malformed id in a Spring MVC request.
	 * @param ex the conversion failure
	 * @return the 400 answer
	 * @throws MethodArgumentTypeMismatchException {@code ex} itself, when it is not about an id's text
	 */
	@ExceptionHandler
	public ResponseEntity<ProblemDetail> malformedIdInServletRequest(MethodArgumentTypeMismatchException ex) {
		IdTextException problem = problem(ex.getParameter(), ex.getValue());
		if (problem == null) {
			throw ex;
		}
		return badRequest(ex.getName(), problem);
	}

	/**
	 * Answers a malformed id in a WebFlux request.
	 * @param ex the conversion failure
	 * @return the 400 answer
	 * @throws ServerWebInputException {@code ex} itself, when it is not about an id's text
	 */
	@ExceptionHandler
	public ResponseEntity<ProblemDetail> malformedIdInReactiveRequest(ServerWebInputException ex) {
		MethodParameter parameter = ex.getMethodParameter();
		IdTextException problem = (parameter != null && ex.getCause() instanceof TypeMismatchException mismatch)
				? problem(parameter, mismatch.getValue()) : null;
		if (problem == null) {
			throw ex;
		}
		return badRequest(name(parameter), problem);
	}

	/**
	 * Reads the request's value again with the parameter's codec. Spring does not keep the parser's
	 * exception: when it fails, Spring tries the default editor of {@code Long}, and that editor's
	 * {@code NumberFormatException} becomes the cause.
	 */
	private static @Nullable IdTextException problem(MethodParameter parameter, @Nullable Object value) {
		IdTextCodec codec = ParameterIdFormats.codec(parameter);
		if (codec == null) {
			return null;
		}
		for (String text : texts(value, parameter)) {
			try {
				codec.decode(text);
			}
			catch (IdTextException ex) {
				return ex;
			}
		}
		return null;
	}

	/** The texts a value holds: itself, or, for a collection or array parameter, each of its comma-separated items. */
	private static List<String> texts(@Nullable Object value, MethodParameter parameter) {
		List<String> texts = new ArrayList<>();
		Object[] values = (value instanceof Object[] array) ? array : new Object[] { value };
		boolean multiple = parameter.getParameterType().isArray()
				|| Iterable.class.isAssignableFrom(parameter.getParameterType());
		for (Object item : values) {
			if (item instanceof String text) {
				texts.addAll(multiple ? List.of(StringUtils.commaDelimitedListToStringArray(text)) : List.of(text));
			}
		}
		return texts;
	}

	private static ResponseEntity<ProblemDetail> badRequest(String parameter, IdTextException problem) {
		ProblemDetail detail = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
				"Parameter '" + parameter + "': " + problem.getMessage());
		detail.setTitle("Malformed id");
		detail.setProperty("parameter", parameter);
		return ResponseEntity.badRequest().body(detail);
	}

	/** The request's name of the parameter: the annotation's, else the Java parameter's. */
	private static String name(MethodParameter parameter) {
		PathVariable pathVariable = parameter.getParameterAnnotation(PathVariable.class);
		if (pathVariable != null && StringUtils.hasText(pathVariable.name())) {
			return pathVariable.name();
		}
		RequestParam requestParam = parameter.getParameterAnnotation(RequestParam.class);
		if (requestParam != null && StringUtils.hasText(requestParam.name())) {
			return requestParam.name();
		}
		String name = parameter.getParameterName();
		return (name != null) ? name : "#" + parameter.getParameterIndex();
	}

}
