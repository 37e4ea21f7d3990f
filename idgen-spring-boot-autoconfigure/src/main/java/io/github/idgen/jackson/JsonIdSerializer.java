package io.github.idgen.jackson;

import io.github.idgen.text.IdTextCodec;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Chooses the serializer of a {@link JsonId} property. In decimal, or on a collection or array, it is
 * Jackson's own serializer of the type (which honours {@code @JsonFormat(shape = STRING)} and takes
 * {@link Element} for the elements); on a {@code long} or {@code Long} in a short form, {@link Text}.
 */
class JsonIdSerializer extends StdSerializer<Long> {

	JsonIdSerializer() {
		super(Long.class);
	}

	@Override
	public ValueSerializer<?> createContextual(SerializationContext context, @Nullable BeanProperty property) {
		if (property == null) {
			return this;
		}
		JavaType type = property.getType();
		IdTextCodec codec = JsonIdTexts.codec(context, property);
		if (codec == null) {
			return context.findPrimaryPropertySerializer(type, property);
		}
		if (type.isContainerType()) {
			JsonIdTexts.requireLongElements(context, property, codec);
			return context.findPrimaryPropertySerializer(type, property);
		}
		JsonIdTexts.requireLong(context, property, codec);
		return new Text(codec);
	}

	@Override
	public void serialize(Long id, JsonGenerator generator, SerializationContext context) {
		// only without a property (never for an annotated one): the decimal form
		generator.writeString(Long.toString(id));
	}

	/**
	 * Chooses the serializer of each id of a collection or array property.
	 */
	static final class Element extends JsonIdSerializer {

		@Override
		public ValueSerializer<?> createContextual(SerializationContext context, @Nullable BeanProperty property) {
			if (property == null) {
				return this;
			}
			JavaType elementType = property.getType().getContentType();
			IdTextCodec codec = JsonIdTexts.codec(context, property);
			if (codec == null) {
				return context.findContentValueSerializer(elementType, property);
			}
			JsonIdTexts.requireLongElements(context, property, codec);
			return new Text(codec);
		}

	}

	/**
	 * Writes an id as the text of a codec.
	 */
	static final class Text extends StdSerializer<Long> {

		private final IdTextCodec codec;

		Text(IdTextCodec codec) {
			super(Long.class);
			this.codec = codec;
		}

		@Override
		public void serialize(Long id, JsonGenerator generator, SerializationContext context) {
			generator.writeString(this.codec.encode(id));
		}

	}

}
