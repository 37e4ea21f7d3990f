package io.github.idgen.cluster;

import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Properties;

import org.apache.commons.lang3.StringUtils;
import org.apache.commons.lang3.math.NumberUtils;

/**
 * Who holds a lease: written as the lease node's data in {@code key=value} lines, so an operator
 * reads it with {@code zkCli get /idgen/worker_ids/7}.
 *
 * @param process the process's name, {@code pid@host}
 * @param host the host name
 * @param pid the process id
 * @param startedAt when the process started
 */
public record LeaseHolder(String process, String host, long pid, Instant startedAt) {

	/**
	 * Describes this JVM.
	 * @return the holder data of this process
	 */
	public static LeaseHolder ofThisProcess() {
		ProcessHandle self = ProcessHandle.current();
		String host = hostName();
		Instant started = self.info().startInstant().orElseGet(Instant::now);
		return new LeaseHolder(self.pid() + "@" + host, host, self.pid(), started);
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
		return new LeaseHolder(properties.getProperty("process", ""), properties.getProperty("host", ""), pid,
				(startedAt != null) ? Instant.parse(startedAt) : Instant.EPOCH);
	}

	/**
	 * Returns the node data.
	 * @return UTF-8 {@code key=value} lines
	 */
	public byte[] toBytes() {
		String text = "process=" + this.process + "\nhost=" + this.host + "\npid=" + this.pid + "\nstartedAt="
				+ this.startedAt + "\n";
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
