package io.github.idgen.server;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The addresses the server's sockets are bound to, read from Tomcat's connectors once each web
 * server (the API's, and Actuator's on {@code management.server.port}) has started: the last word on
 * where the demo listens, whatever the settings said, and what the start-up line shows. A demo
 * socket that is not on loopback stops the start.
 */
@Component
class ListeningSockets implements ApplicationListener<WebServerInitializedEvent> {

	/** The management server's namespace; the API's server has none. */
	private static final String MANAGEMENT = "management";

	private final Environment environment;

	private final Map<String, List<Socket>> byServer = new ConcurrentHashMap<>();

	ListeningSockets(Environment environment) {
		this.environment = environment;
	}

	@Override
	public void onApplicationEvent(WebServerInitializedEvent event) {
		String namespace = event.getApplicationContext().getServerNamespace();
		List<Socket> sockets = sockets(event.getWebServer());
		if (ServerMode.of(this.environment) == ServerMode.DEMO) {
			String key = MANAGEMENT.equals(namespace) ? ServerModeCheck.MANAGEMENT_ADDRESS : ServerModeCheck.SERVER_ADDRESS;
			for (Socket socket : sockets) {
				if (!socket.isLoopback()) {
					throw ServerModeCheck.demoOffLoopback("it listens on " + socket.describe() + ", not on loopback only",
							key);
				}
			}
		}
		this.byServer.put((namespace != null) ? namespace : "", sockets);
	}

	/**
	 * Describes where the server listens: the API's sockets, and Actuator's if it has a server of its
	 * own, such as {@code 127.0.0.1:8080} or {@code all interfaces:8080 (management 127.0.0.1:9090)}.
	 * @return the description
	 */
	String describe() {
		String api = describe(this.byServer.get(""));
		List<Socket> management = this.byServer.get(MANAGEMENT);
		return (management != null) ? api + " (management " + describe(management) + ")" : api;
	}

	private static String describe(@Nullable List<Socket> sockets) {
		return (sockets == null || sockets.isEmpty()) ? "?"
				: sockets.stream().map(Socket::toString).collect(Collectors.joining(", "));
	}

	private static List<Socket> sockets(WebServer webServer) {
		List<Socket> sockets = new ArrayList<>();
		if (webServer instanceof TomcatWebServer tomcat) {
			for (Connector connector : tomcat.getTomcat().getService().findConnectors()) {
				// a connector whose address cannot be read counts as listening everywhere
				InetAddress address = (connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol)
						? protocol.getAddress() : null;
				sockets.add(new Socket(address, connector.getLocalPort()));
			}
		}
		else {
			// another web server: its address is unknown, so it counts as every interface
			sockets.add(new Socket(null, webServer.getPort()));
		}
		return sockets;
	}

	/**
	 * A listening socket.
	 *
	 * @param address the address it is bound to; null for every interface
	 * @param port its port
	 */
	record Socket(@Nullable InetAddress address, int port) {

		boolean isLoopback() {
			return this.address != null && this.address.isLoopbackAddress();
		}

		String describe() {
			return (this.address == null || this.address.isAnyLocalAddress()) ? "every interface (port " + this.port + ")"
					: toString();
		}

		/** {@code 127.0.0.1:8080}, {@code [::1]:8080}, or {@code all interfaces:8080}. */
		@Override
		public String toString() {
			if (this.address == null || this.address.isAnyLocalAddress()) {
				return "all interfaces:" + this.port;
			}
			String host = this.address.getHostAddress();
			return ((this.address instanceof Inet6Address) ? "[" + host + "]" : host) + ":" + this.port;
		}

	}

}
