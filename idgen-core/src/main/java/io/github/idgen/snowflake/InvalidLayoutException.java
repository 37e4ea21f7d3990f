package io.github.idgen.snowflake;

/**
 * Thrown when a {@link SnowflakeLayout} cannot be built or cannot issue ids now. It names the
 * parameter that failed, the value given and the fix, each on its own, so that a configuration
 * layer can report the setting the user wrote instead of the builder's name for it.
 */
public class InvalidLayoutException extends IllegalArgumentException {

	private final LayoutParameter parameter;

	private final String value;

	private final String problem;

	private final String fix;

	InvalidLayoutException(LayoutParameter parameter, Object value, String problem, String fix) {
		super(parameter.builderName() + " " + value + " " + problem + ": " + fix);
		this.parameter = parameter;
		this.value = String.valueOf(value);
		this.problem = problem;
		this.fix = fix;
	}

	/**
	 * Returns the parameter that failed.
	 * @return the parameter
	 */
	public LayoutParameter getParameter() {
		return this.parameter;
	}

	/**
	 * Returns the value the parameter was given, as text.
	 * @return the value
	 */
	public String getValue() {
		return this.value;
	}

	/**
	 * Returns what is wrong with the value, without the parameter's name or the value.
	 * @return for example {@code "covers 0.1 years of timestamps, fewer than 10"}
	 */
	public String getProblem() {
		return this.problem;
	}

	/**
	 * Returns how to fix it.
	 * @return for example {@code "give it at least 39 timestamp bits, or a coarser time unit"}
	 */
	public String getFix() {
		return this.fix;
	}

}
