package io.github.idgen.jackson;

import io.github.idgen.text.IdTextCodec;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.BeanProperty;
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
		IdTextCodec codec = JsonIdTexts.textCodec(context, property, false);
		return (codec != null) ? new Text(codec) : context.findPrimaryPropertySerializer(property.getType(), property);
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
			IdTextCodec codec = JsonIdTexts.textCodec(context, property, true);
			return (codec != null) ? new Text(codec)
					: context.findContentValueSerializer(property.getType().getContentType(), property);
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
