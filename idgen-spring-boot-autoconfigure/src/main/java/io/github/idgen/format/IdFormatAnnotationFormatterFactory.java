package io.github.idgen.format;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.idgen.text.IdTextCodec;
import io.github.idgen.text.IdTextFormat;

import org.springframework.format.AnnotationFormatterFactory;
import org.springframework.format.Formatter;
import org.springframework.format.Parser;
import org.springframework.format.Printer;

/**
 * Formats {@code long} and {@code Long} values annotated with {@link IdFormat} as the text of
 * {@link IdTextCodec}. idgen's auto-configuration adds it to Spring MVC and WebFlux; elsewhere, add it
 * to a {@code FormatterRegistry} with {@code addFormatterForFieldAnnotation}. Thread-safe: one
 * formatter per format and prefix, made once.
 */
public class IdFormatAnnotationFormatterFactory implements AnnotationFormatterFactory<IdFormat> {

	private final Map<Key, IdTextFormatter> formatters = new ConcurrentHashMap<>();

	@Override
	public Set<Class<?>> getFieldTypes() {
		// primitive long fields and parameters are looked up as Long
		return Set.of(Long.class);
	}

	@Override
	public Printer<?> getPrinter(IdFormat annotation, Class<?> fieldType) {
		return formatter(annotation);
	}

	@Override
	public Parser<?> getParser(IdFormat annotation, Class<?> fieldType) {
		return formatter(annotation);
	}

	/**
	 * Returns the codec an annotation stands for.
	 * @param annotation the annotation
	 * @return its codec
	 * @throws IllegalArgumentException if its prefix is invalid
	 */
	public static IdTextCodec codec(IdFormat annotation) {
		return IdTextCodec.of(annotation.format()).withPrefix(annotation.prefix());
	}

	private IdTextFormatter formatter(IdFormat annotation) {
		return this.formatters.computeIfAbsent(new Key(annotation.format(), annotation.prefix()),
				(key) -> new IdTextFormatter(codec(annotation)));
	}

	private record Key(IdTextFormat format, String prefix) {
	}

	/**
	 * Parses with {@link IdTextCodec#decode}, whose {@code IdTextException} says what is wrong with
	 * the text; prints with {@link IdTextCodec#encode}.
	 */
	private record IdTextFormatter(IdTextCodec codec) implements Formatter<Long> {

		@Override
		public Long parse(String text, Locale locale) {
			return this.codec.decode(text);
		}

		@Override
		public String print(Long id, Locale locale) {
			return this.codec.encode(id);
		}

	}

}
