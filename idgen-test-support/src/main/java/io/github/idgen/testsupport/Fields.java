package io.github.idgen.testsupport;

import java.lang.reflect.Field;

import org.jspecify.annotations.Nullable;

/**
 * Reads a private field, for tests that check an object's inner state (which lease keeper a
 * deployment runs) without widening its API.
 */
public final class Fields {

	private Fields() {
	}

	/**
	 * The value of a field declared by the target's class or one of its superclasses.
	 * @param target the object
	 * @param name the field's name
	 * @return the field's value
	 */
	public static @Nullable Object read(Object target, String name) {
		for (Class<?> type = target.getClass(); type != null; type = type.getSuperclass()) {
			try {
				Field field = type.getDeclaredField(name);
				field.setAccessible(true);
				return field.get(target);
			}
			catch (NoSuchFieldException ex) {
				// declared further up
			}
			catch (IllegalAccessException ex) {
				throw new IllegalStateException(ex);
			}
		}
		throw new IllegalArgumentException(target.getClass().getName() + " has no field " + name);
	}

}
