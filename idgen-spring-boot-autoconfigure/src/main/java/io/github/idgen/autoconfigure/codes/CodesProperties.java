package io.github.idgen.autoconfigure.codes;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import io.github.idgen.codes.BusinessNumbers;
import io.github.idgen.codes.CodePattern;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * Business number codes, under {@code xxx.common.codes.<name>.*} (the prefix
 * {@link io.github.idgen.autoconfigure.CommonProperties} shares). Validates itself when bound, so a
 * code that is incomplete or whose numbers could repeat stops start-up with a message naming the key.
 */
@ConfigurationProperties("xxx.common")
public class CodesProperties implements Validator {

	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");

	/**
	 * Business number codes by name, such as order numbers 'ORD20261124000123' that restart every day:
	 * each a pattern over a segment tag, served from memory like segment ids (Codes bean).
	 */
	private Map<String, CodeProperties> codes = new LinkedHashMap<>();

	public Map<String, CodeProperties> getCodes() {
		return this.codes;
	}

	public void setCodes(Map<String, CodeProperties> codes) {
		this.codes = codes;
	}

	@Override
	public boolean supports(Class<?> clazz) {
		return CodesProperties.class.isAssignableFrom(clazz);
	}

	@Override
	public void validate(Object target, Errors errors) {
		((CodesProperties) target).codes.forEach((name, code) -> {
			String message = problem(name, code);
			if (message != null) {
				errors.rejectValue("codes", "code", message);
			}
		});
	}

	/** The first problem of a code, naming its key and the fix; null if there is none. */
	private static @Nullable String problem(String name, CodeProperties code) {
		String key = "xxx.common.codes." + name;
		if (!NAME.matcher(name).matches()) {
			return key + " names a code '" + name + "': a name is 1 to 64 letters, digits, '-' and '_', starting with a"
					+ " letter or digit, such as 'orders'.";
		}
		String tag = code.getTag();
		if (tag == null || tag.isBlank()) {
			return key + ".tag is not set: name the segment tag whose row code '" + name + "' counts on, such as '"
					+ name + "'.";
		}
		int periodLength = code.getReset().tagSuffixLength();
		if (tag.length() + periodLength > BusinessNumbers.MAX_TAG_LENGTH) {
			return key + ".tag '" + tag + "' is too long: with ':' and its period it must fit "
					+ BusinessNumbers.MAX_TAG_LENGTH + " characters, so use at most " + (BusinessNumbers.MAX_TAG_LENGTH
							- periodLength) + ".";
		}
		if (code.getPattern() == null || code.getPattern().isBlank()) {
			return key + ".pattern is not set: give the numbers' pattern, such as 'ORD{yyyyMMdd}{seq:6}' with reset"
					+ " 'daily'.";
		}
		ZoneId zone;
		try {
			zone = ZoneId.of(code.getZone());
		}
		catch (DateTimeException ex) {
			return key + ".zone '" + code.getZone() + "' is not a time zone: use a region such as 'Asia/Shanghai' or an"
					+ " offset such as '+08:00'.";
		}
		try {
			CodePattern.parse(code.getPattern()).check(code.getReset(), zone);
		}
		catch (IllegalArgumentException ex) {
			return key + ".pattern: " + ex.getMessage() + ".";
		}
		return null;
	}

}
