package io.github.idgen.autoconfigure.opaque;

/**
 * Thrown at start-up when {@code xxx.common.opaque-id-key} is not a base64 AES key. The message
 * never contains the key, nor any part of it.
 */
public class InvalidOpaqueIdKeyException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	InvalidOpaqueIdKeyException(String message) {
		super(message);
	}

}
