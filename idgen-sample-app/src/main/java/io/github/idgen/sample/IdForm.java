package io.github.idgen.sample;

import java.util.Locale;

import io.github.idgen.text.IdTextCodec;
import io.github.idgen.text.IdTextException;
import org.jspecify.annotations.Nullable;

/**
 * The forms of an id that the {@code /ids} endpoints speak, chosen with {@code ?format=}: decimal
 * (the default), or the fixed-width text of {@link IdTextCodec}.
 */
enum IdForm {

	/** {@code 2124017990742663169}. */
	DECIMAL(null),

	/** {@code 2Wu1XpwiWn3}: 11 characters of 0-9A-Za-z. */
	BASE62(IdTextCodec.base62()),

	/** {@code 0g4xxjef4syyp}: 13 characters of 0-9a-z. */
	BASE36(IdTextCodec.base36());

	private final @Nullable IdTextCodec codec;

	IdForm(@Nullable IdTextCodec codec) {
		this.codec = codec;
	}

	/**
	 * Returns the form a {@code format} parameter names.
	 * @param format {@code decimal}, {@code base62} or {@code base36}; null for decimal
	 * @return the form
	 * @throws BadParameterException naming {@code format} if it names none
	 */
	static IdForm of(@Nullable String format) {
		if (format == null) {
			return DECIMAL;
		}
		for (IdForm form : values()) {
			if (form.name().toLowerCase(Locale.ROOT).equals(format)) {
				return form;
			}
		}
		throw new BadParameterException("format", "format must be decimal, base62 or base36, was '" + format + "'");
	}

	String write(long id) {
		return (this.codec != null) ? this.codec.encode(id) : Long.toString(id);
	}

	/**
	 * Reads an id in this form.
	 * @param text the id
	 * @param parameter the parameter's name, for the error
	 * @return the id
	 * @throws BadParameterException naming the parameter if the text is no id in this form
	 */
	long read(String text, String parameter) {
		if (this.codec == null) {
			return IdController.parseLong(text, parameter, 0);
		}
		try {
			return this.codec.decode(text);
		}
		catch (IdTextException ex) {
			throw new BadParameterException(parameter, ex.getMessage());
		}
	}

}
