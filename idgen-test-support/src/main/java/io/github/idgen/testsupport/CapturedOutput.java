package io.github.idgen.testsupport;

/**
 * What a test wrote to {@code System.out} and {@code System.err} (the console log included) since it
 * started, as a {@link CharSequence} that AssertJ's string assertions take. The Spring-free modules'
 * tests use it where the Spring layer's tests use Spring Boot's output capture.
 */
public interface CapturedOutput extends CharSequence {

	/**
	 * Everything written to either stream, in order.
	 * @return the output so far
	 */
	String getAll();

	@Override
	default int length() {
		return getAll().length();
	}

	@Override
	default char charAt(int index) {
		return getAll().charAt(index);
	}

	@Override
	default CharSequence subSequence(int start, int end) {
		return getAll().subSequence(start, end);
	}

}
