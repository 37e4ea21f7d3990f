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
	static @Nullable IdTextCodec codec(DatabindContext context, BeanProperty property) {
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
	 * Fails unless the property is a {@code long} or {@code Long}.
	 */
	static void requireLong(DatabindContext context, BeanProperty property, IdTextCodec codec) {
		JavaType type = property.getType();
		if (!type.hasRawClass(Long.class) && !type.hasRawClass(long.class)) {
			reportNotIds(context, property, codec);
		}
	}

	/**
	 * Fails unless the property is a container of {@code Long}s (Jackson writes a {@code long[]} as
	 * numbers, whatever the annotations).
	 */
	static void requireLongElements(DatabindContext context, BeanProperty property, IdTextCodec codec) {
		if (!property.getType().getContentType().hasRawClass(Long.class)) {
			reportNotIds(context, property, codec);
		}
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
