package io.github.idgen.lease;

import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Properties;
import java.util.UUID;

import org.apache.commons.lang3.StringUtils;
import org.apache.commons.lang3.math.NumberUtils;
import org.jspecify.annotations.Nullable;

/**
 * Who holds a lease: written as the lease node's data in {@code key=value} lines, so an operator
 * reads it with {@code zkCli get /idgen/worker_ids/7}.
 *
 * @param process the process's name, {@code pid@host}
 * @param host the host name
 * @param pid the process id
 * @param startedAt when the process started
 * @param instanceName the configured instance name (for sticky worker ids), or the process name
 * @param token what tells this deployment's nodes and records from those of any other deployment, even
 * one of the same process on the same ZooKeeper session; unique per deployment and never reused
 */
public record LeaseHolder(String process, String host, long pid, Instant startedAt, String instanceName,
		String token) {

	/**
	 * Describes this JVM, named after its process.
	 * @return the holder data of this process
	 */
	public static LeaseHolder ofThisProcess() {
		return ofThisProcess(null);
	}

	/**
	 * Describes this JVM.
	 * @param instanceName a stable name of this instance, such as a StatefulSet pod name, or
	 * {@code null} to use the process name
	 * @return the holder data of this process
	 */
	public static LeaseHolder ofThisProcess(@Nullable String instanceName) {
		ProcessHandle self = ProcessHandle.current();
		String host = hostName();
		Instant started = self.info().startInstant().orElseGet(Instant::now);
		String process = self.pid() + "@" + host;
		return new LeaseHolder(process, host, self.pid(), started,
				StringUtils.isNotBlank(instanceName) ? instanceName : process, newToken());
	}

	/**
	 * Returns this holder with a fresh token, for a new deployment.
	 * @return a copy whose token no other holder has
	 */
	public LeaseHolder withNewToken() {
		return new LeaseHolder(this.process, this.host, this.pid, this.startedAt, this.instanceName, newToken());
	}

	private static String newToken() {
		return UUID.randomUUID().toString();
	}

	/**
	 * Returns whether the instance name was configured rather than taken from the process.
	 * @return true for a sticky name
	 */
	public boolean hasConfiguredName() {
		return !this.instanceName.equals(this.process);
	}

	private static String hostName() {
		String fromEnvironment = System.getenv("HOSTNAME");
		if (StringUtils.isNotBlank(fromEnvironment)) {
			return fromEnvironment;
		}
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (IOException ex) {
			return "unknown-host";
		}
	}

	/**
	 * Reads holder data back from a lease node.
	 * @param data the node's data
	 * @return the holder, with blanks for fields the data lacks
	 */
	public static LeaseHolder parse(byte[] data) {
		Properties properties = new Properties();
		try {
			properties.load(new StringReader(new String(data, StandardCharsets.UTF_8)));
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot happen when reading from a string", ex);
		}
		long pid = NumberUtils.toLong(properties.getProperty("pid"));
		String startedAt = properties.getProperty("startedAt");
		String process = properties.getProperty("process", "");
		return new LeaseHolder(process, properties.getProperty("host", ""), pid,
				(startedAt != null) ? Instant.parse(startedAt) : Instant.EPOCH, properties.getProperty("instance", process),
				properties.getProperty("token", ""));
	}

	/**
	 * Returns the node data.
	 * @return UTF-8 {@code key=value} lines
	 */
	public byte[] toBytes() {
		String text = "process=" + this.process + "\nhost=" + this.host + "\npid=" + this.pid + "\nstartedAt="
				+ this.startedAt + "\ninstance=" + this.instanceName + "\ntoken=" + this.token + "\n";
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
