package io.github.idgen.autoconfigure.aot;

import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * The tests of idgen's conditions on a setting's value (rather than a switch): each reads its
 * setting as the condition does, so that AOT processing and the check at start decide alike
 * ({@link FrozenCondition.Setting}).
 */
public enum SettingTest {

	/**
	 * Opaque ids: {@code xxx.common.opaque-id-key} set and not blank. Only whether it is set is
	 * read, never the key, which stays out of the generated code.
	 */
	OPAQUE_ID_KEY_SET("xxx.common.opaque-id-key") {

		@Override
		String valueIn(Environment environment) {
			return StringUtils.hasText(environment.getProperty(key())) ? "set" : "not set";
		}

		@Override
		boolean matches(String value) {
			return "set".equals(value);
		}

	},

	/** Another's segment table: {@code xxx.common.segment-tag-column} other than idgen's {@code tag}. */
	FOREIGN_TAG_COLUMN("xxx.common.segment-tag-column") {

		@Override
		String valueIn(Environment environment) {
			return "'" + environment.getProperty(key(), "tag") + "'";
		}

		@Override
		boolean matches(String value) {
			return !"'tag'".equalsIgnoreCase(value);
		}

	};

	private final String key;

	SettingTest(String key) {
		this.key = key;
	}

	/**
	 * Returns the setting read.
	 * @return its key
	 */
	public String key() {
		return this.key;
	}

	/**
	 * Returns whether the condition matches in an environment.
	 * @param environment the environment
	 * @return the condition's outcome there
	 */
	public boolean matchesIn(Environment environment) {
		return matches(valueIn(environment));
	}

	/**
	 * Reads the setting as the condition sees it, in words fit for a message.
	 * @param environment the environment
	 * @return the setting's value, or whether it is set where the value is a secret
	 */
	abstract String valueIn(Environment environment);

	/**
	 * Returns whether the condition matches on a value {@link #valueIn} read.
	 * @param value the value
	 * @return the outcome
	 */
	abstract boolean matches(String value);

}
