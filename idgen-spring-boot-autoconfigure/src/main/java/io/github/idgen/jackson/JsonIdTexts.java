package io.github.idgen.jackson;

import io.github.idgen.jackson.JsonId.Format;
import io.github.idgen.text.IdTextCodec;
import io.github.idgen.text.IdTextFormat;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DatabindContext;
import tools.jackson.databind.JavaType;

/**
 * What the serializers and deserializers of {@link JsonId} share: the codec of a property, and the
 * checks that its type holds ids.
 */
final class JsonIdTexts {

	private JsonIdTexts() {
	}

	/**
	 * Returns the codec of the property's short form.
	 * @return the codec, or null for {@link Format#DECIMAL}, which Jackson's own number handling serves
	 */
	private static @Nullable IdTextCodec codec(DatabindContext context, BeanProperty property) {
		JsonId jsonId = property.getAnnotation(JsonId.class);
		if (jsonId == null) {
			return null;
		}
		if (jsonId.format() == Format.DECIMAL) {
			if (!jsonId.prefix().isEmpty()) {
				return context.reportBadDefinition(property.getType(), describe(property)
						+ " has a prefix, which needs format BASE62 or BASE36; decimal ids have none");
			}
			return null;
		}
		try {
			return IdTextCodec.of(IdTextFormat.valueOf(jsonId.format().name())).withPrefix(jsonId.prefix());
		}
		catch (IllegalArgumentException ex) {
			return context.reportBadDefinition(property.getType(), describe(property) + ": " + ex.getMessage());
		}
	}

	/**
	 * Returns the codec whose text a (de)serializer writes or reads, after checking that the property
	 * holds ids.
	 * @param element whether for each element of a collection or array property, else for the
	 * property's value
	 * @return the codec, or null where Jackson's own (de)serializer of the type serves: in decimal,
	 * and for a collection or array as a whole (its elements come back here)
	 */
	static @Nullable IdTextCodec textCodec(DatabindContext context, BeanProperty property, boolean element) {
		IdTextCodec codec = codec(context, property);
		if (codec == null) {
			return null;
		}
		JavaType type = property.getType();
		if (element || type.isContainerType()) {
			// Jackson writes a long[] as numbers, whatever the annotations
			if (!type.getContentType().hasRawClass(Long.class)) {
				reportNotIds(context, property, codec);
			}
			return element ? codec : null;
		}
		if (!type.hasRawClass(Long.class) && !type.hasRawClass(long.class)) {
			reportNotIds(context, property, codec);
		}
		return codec;
	}

	private static void reportNotIds(DatabindContext context, BeanProperty property, IdTextCodec codec) {
		context.reportBadDefinition(property.getType(), describe(property) + " writes ids as text (" + codec
				+ "), but the property is " + typeName(property.getType())
				+ "; it must be long, Long, a collection of Long or Long[] (not long[])");
	}

	private static String typeName(JavaType type) {
		return type.isArrayType() ? typeName(type.getContentType()) + "[]" : type.toCanonical();
	}

	private static String describe(BeanProperty property) {
		return "@JsonId on property '" + property.getName() + "' of "
				+ property.getMember().getDeclaringClass().getName();
	}

}
