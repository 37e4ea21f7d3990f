package io.github.idgen.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;

/**
 * A TCP proxy on a free 127.0.0.1 port in front of a server, for failure tests. It can freeze
 * forwarding without closing any socket (a network partition: both sides see a silent peer), silence
 * the open connections for good while new ones work (a firewall or NAT that forgot them), cut
 * every connection (both sides see a reset or end of stream), and cut a connection right after the
 * server answered a given request, so that the server acted on it but the client never learns the
 * outcome (for example a {@code COMMIT} that the client sees fail).
 */
public final class TcpProxy implements AutoCloseable {

	private final ServerSocket serverSocket;

	private volatile InetSocketAddress target;

	private final Set<Link> links = ConcurrentHashMap.newKeySet();

	private final Object gate = new Object();

	private boolean frozen;

	private final AtomicReference<byte @Nullable []> dropReplyAfter = new AtomicReference<>();

	private volatile boolean closed;

	/**
	 * Starts a proxy to {@code 127.0.0.1:targetPort}.
	 * @param targetPort the server's port
	 */
	public TcpProxy(int targetPort) {
		this.target = new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort);
		try {
			this.serverSocket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Thread acceptor = new Thread(this::accept, "tcp-proxy-" + port());
		acceptor.setDaemon(true);
		acceptor.start();
	}

	/**
	 * Sends new connections to another server from now on, as a virtual address moved to a promoted
	 * replica does; open connections are cut.
	 * @param targetPort the new server's port
	 */
	public void retarget(int targetPort) {
		this.target = new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort);
		cutConnections();
	}

	/** The port clients connect to. */
	public int port() {
		return this.serverSocket.getLocalPort();
	}

	/** Stops forwarding in both directions; sockets stay open, so peers wait as in a partition. */
	public void freeze() {
		synchronized (this.gate) {
			this.frozen = true;
		}
	}

	/** Forwards again what was held back while frozen. */
	public void thaw() {
		synchronized (this.gate) {
			this.frozen = false;
			this.gate.notifyAll();
		}
	}

	/**
	 * Stops forwarding on every connection open now, for good, without closing it: its peers wait
	 * on a silent socket, as when a firewall or NAT dropped the connection's state or the server's
	 * host vanished. Connections opened later are forwarded as usual.
	 */
	public void silenceOpenConnections() {
		synchronized (this.gate) {
			this.links.forEach((link) -> link.silenced = true);
		}
	}

	/** Closes every open connection; new connections are still accepted. */
	public void cutConnections() {
		this.links.forEach(Link::close);
	}

	/**
	 * Arms a one-shot trap: the next connection whose client sends {@code marker} as a word
	 * gets them delivered to the server, the server's answer is thrown away and the connection is
	 * cut at once.
	 * The text must be on the wire: PostgreSQL's driver sends a repeated statement by the name of a
	 * server-side prepared statement, hence {@link PostgresServer#jdbcUrl(int)} turns that off for
	 * connections through a proxy.
	 * @param marker text to look for in what a client sends, such as {@code "COMMIT"}
	 */
	public void dropReplyAfterClientSends(String marker) {
		this.dropReplyAfter.set(marker.getBytes(StandardCharsets.US_ASCII));
	}

	/** Whether the trap of {@link #dropReplyAfterClientSends(String)} is still armed. */
	public boolean isTrapArmed() {
		return this.dropReplyAfter.get() != null;
	}

	@Override
	public void close() {
		this.closed = true;
		thaw();
		try {
			this.serverSocket.close();
		}
		catch (IOException ex) {
			// closing anyway
		}
		cutConnections();
	}

	private void accept() {
		while (!this.closed) {
			try {
				Socket client = this.serverSocket.accept();
				Socket server = new Socket();
				try {
					server.connect(this.target, 5000);
				}
				catch (IOException ex) {
					client.close();
					continue;
				}
				Link link = new Link(client, server);
				this.links.add(link);
				link.start();
			}
			catch (IOException ex) {
				if (!this.closed) {
					throw new UncheckedIOException(ex);
				}
			}
		}
	}

	private void awaitThawed(Link link) throws InterruptedException {
		synchronized (this.gate) {
			while ((this.frozen || link.silenced) && !this.closed) {
				this.gate.wait();
			}
		}
	}

	/** Whether {@code marker} occurs as a word: not followed by a letter ({@code COMMIT}, not {@code COMMITTED}). */
	private static boolean containsWord(byte[] data, int length, byte[] marker) {
		outer: for (int i = 0; i + marker.length <= length; i++) {
			for (int j = 0; j < marker.length; j++) {
				if (data[i + j] != marker[j]) {
					continue outer;
				}
			}
			int after = i + marker.length;
			if (after == length || !Character.isLetter(data[after])) {
				return true;
			}
		}
		return false;
	}

	/** One client connection and its connection to the server. */
	private final class Link {

		private final Socket client;

		private final Socket server;

		private volatile boolean dropNextReply;

		/** Set under the gate; a silenced link forwards nothing until the proxy closes. */
		private boolean silenced;

		Link(Socket client, Socket server) {
			this.client = client;
			this.server = server;
		}

		void start() {
			Thread up = new Thread(() -> pump(this.client, this.server, true), "tcp-proxy-up-" + port());
			Thread down = new Thread(() -> pump(this.server, this.client, false), "tcp-proxy-down-" + port());
			up.setDaemon(true);
			down.setDaemon(true);
			up.start();
			down.start();
		}

		private void pump(Socket from, Socket to, boolean clientToServer) {
			byte[] buffer = new byte[16384];
			try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
				int read;
				while ((read = in.read(buffer)) != -1) {
					awaitThawed(this);
					if (clientToServer) {
						byte[] marker = TcpProxy.this.dropReplyAfter.get();
						if (marker != null && containsWord(buffer, read, marker)
								&& TcpProxy.this.dropReplyAfter.compareAndSet(marker, null)) {
							this.dropNextReply = true;
						}
					}
					else if (this.dropNextReply) {
						// the server has answered, so it acted; the client must not learn how
						close();
						return;
					}
					out.write(buffer, 0, read);
					out.flush();
				}
			}
			catch (IOException | InterruptedException ex) {
				// a cut or closed connection ends both directions
			}
			finally {
				close();
			}
		}

		void close() {
			TcpProxy.this.links.remove(this);
			closeQuietly(this.client);
			closeQuietly(this.server);
		}

		private static void closeQuietly(Socket socket) {
			try {
				socket.close();
			}
			catch (IOException ex) {
				// already closed
			}
		}

	}

}
