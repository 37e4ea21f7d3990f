package io.github.idgen.cluster;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when the worker ids that Leaf's Snowflake servers hold cannot be read: their {@code forever}
 * path is missing or not readable, or a node there is not named as Leaf names its nodes. idgen then
 * leases no worker id at all, since any id it took might be one a Leaf server issues ids with.
 */
public class LeafWorkersUnreadableException extends IllegalStateException {

	private final String path;

	private final String reason;

	private final String fix;

	LeafWorkersUnreadableException(String path, String reason, String fix, @Nullable Throwable cause) {
		super("Cannot tell which worker ids Leaf's Snowflake servers hold at '" + path + "': " + reason
				+ ". idgen leases no worker id until it can. " + fix, cause);
		this.path = path;
		this.reason = reason;
		this.fix = fix;
	}

	/**
	 * Returns the path of Leaf's {@code forever} nodes that was read.
	 * @return the path, such as {@code /snowflake/leaf-app/forever}
	 */
	public String getPath() {
		return this.path;
	}

	/**
	 * Returns what went wrong, such as {@code no node at that path}.
	 * @return the reason
	 */
	public String getReason() {
		return this.reason;
	}

	/**
	 * Returns what to change.
	 * @return the fix
	 */
	public String getFix() {
		return this.fix;
	}

}
