package io.github.idgen.autoconfigure.aot;

import io.github.idgen.autoconfigure.segment.SegmentStoreType;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * One of idgen's conditions as AOT processing decided it: the setting it read, what it found there
 * and whether it matched. Spring AOT generates the beans of the conditions that matched and nothing
 * else, so at run time each must still decide the same way.
 */
public sealed interface FrozenCondition {

	/**
	 * Returns whether the condition matched when the AOT code was generated.
	 * @return the outcome at build time
	 */
	boolean matched();

	/**
	 * Returns whether the condition matches in an environment.
	 * @param environment the application's environment
	 * @return the outcome there
	 */
	boolean matchesIn(Environment environment);

	/**
	 * Describes how the setting differs between the AOT code and an environment.
	 * @param environment the application's environment, where the condition decides otherwise
	 * @return the setting, its value when the code was generated and its value now
	 */
	String describeChange(Environment environment);

	/**
	 * A switch of {@code @ConditionalOnSwitch}, bound as a {@link Boolean} by the {@link Binder}
	 * that binds the properties.
	 *
	 * @param key the switch
	 * @param havingValue the value the condition asks for
	 * @param matchIfMissing whether the condition matches when the switch is not set
	 * @param valueAtBuild the switch when the code was generated, {@code null} if not set
	 */
	record Switch(String key, boolean havingValue, boolean matchIfMissing,
			@Nullable Boolean valueAtBuild) implements FrozenCondition {

		/**
		 * Reads a switch as the condition does.
		 * @param environment the environment
		 * @param key the switch
		 * @return the switch, {@code null} if not set
		 */
		public static @Nullable Boolean read(Environment environment, String key) {
			return Binder.get(environment).bind(key, Boolean.class).orElse(null);
		}

		/**
		 * Returns whether a switch's value matches.
		 * @param value the switch, {@code null} if not set
		 * @return whether the condition matches on it
		 */
		public boolean matches(@Nullable Boolean value) {
			return (value != null) ? value == this.havingValue : this.matchIfMissing;
		}

		@Override
		public boolean matched() {
			return matches(this.valueAtBuild);
		}

		@Override
		public boolean matchesIn(Environment environment) {
			return matches(read(environment, this.key));
		}

		@Override
		public String describeChange(Environment environment) {
			return this.key + " was " + spell(this.valueAtBuild) + " when the AOT code was generated and is "
					+ spell(read(environment, this.key)) + " now";
		}

		private static String spell(@Nullable Boolean value) {
			return (value != null) ? (value ? "on" : "off") : "not set";
		}

	}

	/**
	 * The segment store of {@code @ConditionalOnSegmentStore}.
	 *
	 * @param wanted the store the condition asks for
	 * @param chosenAtBuild the store chosen when the code was generated
	 */
	record SegmentStore(SegmentStoreType wanted, SegmentStoreType chosenAtBuild) implements FrozenCondition {

		/** The setting that chooses the store. */
		public static final String KEY = "xxx.common.segment-store";

		/**
		 * Reads the store as the condition does (and as the segment properties bind it).
		 * @param environment the environment
		 * @return the store chosen, {@link SegmentStoreType#JDBC} if none is
		 */
		public static SegmentStoreType read(Environment environment) {
			return Binder.get(environment).bind(KEY, SegmentStoreType.class).orElse(SegmentStoreType.JDBC);
		}

		@Override
		public boolean matched() {
			return this.chosenAtBuild == this.wanted;
		}

		@Override
		public boolean matchesIn(Environment environment) {
			return read(environment) == this.wanted;
		}

		@Override
		public String describeChange(Environment environment) {
			return KEY + " was " + this.chosenAtBuild + " when the AOT code was generated and is " + read(environment)
					+ " now";
		}

	}

	/**
	 * A condition on a setting's value, one of {@link SettingTest}.
	 *
	 * @param test the condition's test
	 * @param valueAtBuild the setting as the test read it when the code was generated
	 */
	record Setting(SettingTest test, String valueAtBuild) implements FrozenCondition {

		/**
		 * Reads a setting as its condition does.
		 * @param environment the environment
		 * @param test the condition's test
		 * @return the setting, as the test sees it
		 */
		public static Setting read(Environment environment, SettingTest test) {
			return new Setting(test, test.valueIn(environment));
		}

		@Override
		public boolean matched() {
			return this.test.matches(this.valueAtBuild);
		}

		@Override
		public boolean matchesIn(Environment environment) {
			return this.test.matchesIn(environment);
		}

		@Override
		public String describeChange(Environment environment) {
			return this.test.key() + " was " + this.valueAtBuild + " when the AOT code was generated and is "
					+ this.test.valueIn(environment) + " now";
		}

	}

}
