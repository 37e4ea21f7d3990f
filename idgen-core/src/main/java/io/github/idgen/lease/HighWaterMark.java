package io.github.idgen.lease;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Properties;

import org.apache.commons.lang3.math.NumberUtils;

/**
 * The persistent record of one node id, {@code <path>/marks/<nodeId>}: the timestamp its holder
 * promised never to exceed, and who made the promise. A new holder of the id issues nothing until its
 * clock is past the mark, so it cannot repeat the previous holder's ids even if its clock is behind.
 * Written as {@code key=value} lines, readable with {@code zkCli get}.
 *
 * @param markMillis the promised timestamp, in milliseconds since 1970
 * @param aheadMillis how far ahead of its own clock the holder wrote the mark
 * @param instanceName the holder's instance name (its process name when none was configured)
 * @param process the holder's process, {@code pid@host}
 * @param sessionId the ZooKeeper session of the holder that wrote it, for operators
 * @param token the token of the deployment that wrote it (see {@link LeaseHolder#token()}): only that
 * deployment may raise the mark without taking the record over
 */
public record HighWaterMark(long markMillis, long aheadMillis, String instanceName, String process, long sessionId,
		String token) {

	/** The record of an id that was never leased. */
	public static final HighWaterMark NONE = new HighWaterMark(0, 0, "", "", 0, "");

	/**
	 * Reads a record back.
	 * @param data the node's data
	 * @return the record; {@link #NONE}'s fields where the data lacks them
	 */
	public static HighWaterMark parse(byte[] data) {
		Properties properties = new Properties();
		try {
			properties.load(new StringReader(new String(data, StandardCharsets.UTF_8)));
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot happen when reading from a string", ex);
		}
		return new HighWaterMark(NumberUtils.toLong(properties.getProperty("mark")),
				NumberUtils.toLong(properties.getProperty("ahead")), properties.getProperty("instance", ""),
				properties.getProperty("process", ""), Long.parseUnsignedLong(properties.getProperty("session", "0"), 16),
				properties.getProperty("token", ""));
	}

	/**
	 * Returns the node data.
	 * @return UTF-8 {@code key=value} lines
	 */
	public byte[] toBytes() {
		String text = "mark=" + this.markMillis + "\nmarkAt=" + Instant.ofEpochMilli(this.markMillis) + "\nahead="
				+ this.aheadMillis + "\ninstance=" + this.instanceName + "\nprocess=" + this.process + "\nsession="
				+ Long.toHexString(this.sessionId) + "\ntoken=" + this.token + "\n";
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * Returns this record as written in another session.
	 * @param session the session id of the writer
	 * @return a copy with that session
	 */
	public HighWaterMark withSessionId(long session) {
		return new HighWaterMark(this.markMillis, this.aheadMillis, this.instanceName, this.process, session, this.token);
	}

	/**
	 * Returns whether the given holder wrote this record.
	 * @param holder a holder
	 * @return whether the record carries its token
	 */
	boolean writtenBy(LeaseHolder holder) {
		return !this.token.isEmpty() && this.token.equals(holder.token());
	}

	/**
	 * Returns the holder's clock when it wrote the mark.
	 * @return the mark less how far ahead it was written
	 */
	long writtenAtMillis() {
		return this.markMillis - this.aheadMillis;
	}

}
