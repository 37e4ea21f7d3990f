package io.github.idgen.redis;

/**
 * Thrown when a write may have been applied but could not be proven durable: fewer replicas than
 * expected acknowledged it within the wait, or the connection it went out on broke before the proof.
 * Such a write counts as not done: a lease is not taken or renewed by it, a range is thrown away (a
 * gap in the tag's ids, never a duplicate).
 */
public class RedisWriteNotProvenException extends RuntimeException {

	/**
	 * Creates an exception.
	 * @param message what was not proven and why
	 */
	public RedisWriteNotProvenException(String message) {
		super(message);
	}

	/**
	 * Creates an exception.
	 * @param message what was not proven and why
	 * @param cause the error that broke the proof
	 */
	public RedisWriteNotProvenException(String message, Throwable cause) {
		super(message, cause);
	}

}
