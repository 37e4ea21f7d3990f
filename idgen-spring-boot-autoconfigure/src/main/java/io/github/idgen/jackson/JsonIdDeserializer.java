package io.github.idgen.jackson;

import io.github.idgen.text.IdTextCodec;
import io.github.idgen.text.IdTextException;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.util.AccessPattern;

/**
 * Chooses the deserializer of a {@link JsonId} property. In decimal, or on a collection or array, it
 * is Jackson's own deserializer of the type (which reads strings and numbers and takes {@link Element}
 * for the elements); on a {@code long} or {@code Long} in a short form, {@link Text}, which reads the
 * codec's text and nothing else.
 */
class JsonIdDeserializer extends StdDeserializer<Long> {

	JsonIdDeserializer() {
		super(Long.class);
	}

	@Override
	public ValueDeserializer<?> createContextual(DeserializationContext context, @Nullable BeanProperty property) {
		if (property == null) {
			return this;
		}
		JavaType type = property.getType();
		IdTextCodec codec = JsonIdTexts.textCodec(context, property, false);
		return (codec != null) ? new Text(codec, type.isPrimitive())
				: context.findContextualValueDeserializer(type, property);
	}

	@Override
	public Long deserialize(JsonParser parser, DeserializationContext context) {
		// only without a property (never for an annotated one): Jackson's reading of a Long
		return context.readValue(parser, Long.class);
	}

	/**
	 * Chooses the deserializer of each id of a collection or array property.
	 */
	static final class Element extends JsonIdDeserializer {

		@Override
		public ValueDeserializer<?> createContextual(DeserializationContext context, @Nullable BeanProperty property) {
			if (property == null) {
				return this;
			}
			IdTextCodec codec = JsonIdTexts.textCodec(context, property, true);
			return (codec != null) ? new Text(codec, false)
					: context.findContextualValueDeserializer(property.getType().getContentType(), property);
		}

	}

	/**
	 * Reads an id from the text of a codec.
	 */
	static final class Text extends StdDeserializer<Long> {

		private final IdTextCodec codec;

		private final boolean primitive;

		Text(IdTextCodec codec, boolean primitive) {
			super(primitive ? Long.TYPE : Long.class);
			this.codec = codec;
			this.primitive = primitive;
		}

		@Override
		public Long deserialize(JsonParser parser, DeserializationContext context) {
			if (!parser.hasToken(JsonToken.VALUE_STRING)) {
				return context.reportInputMismatch(this,
						"Expected an id as a JSON string of %d characters (%s, such as \"%s\"), not %s",
						this.codec.length(), this.codec, this.codec.encode(0), parser.currentToken());
			}
			String text = parser.getString();
			try {
				return this.codec.decode(text);
			}
			catch (IdTextException ex) {
				return (Long) context.handleWeirdStringValue(Long.class, text, "%s", ex.getMessage());
			}
		}

		@Override
		public AccessPattern getNullAccessPattern() {
			// a primitive's null depends on DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES
			return this.primitive ? AccessPattern.DYNAMIC : AccessPattern.ALWAYS_NULL;
		}

		@Override
		public @Nullable Long getNullValue(DeserializationContext context) {
			if (this.primitive) {
				_verifyNullForPrimitive(context);
				return 0L;
			}
			return null;
		}

	}

}
