package org.apache.zookeeper;

/**
 * A client-side session expiry, as {@code ZooKeeperTestable.injectSessionExpiration()} makes one, but
 * with the handle closed before the {@code Expired} event is delivered. The testable queues the event
 * first: Curator, handling it on the event thread, can close the old handle while it still looks
 * alive, and that close ends the session on the server too, which a test that keeps the old session
 * alive on the server (with a second handle) must not have. In ZooKeeper's package for its
 * package-private client internals.
 */
public final class ClientSideExpiry {

	private ClientSideExpiry() {
	}

	/**
	 * Makes the handle give its session up without telling the server, then reports the expiry.
	 * @param zooKeeper the client's current handle
	 */
	public static void inject(ZooKeeper zooKeeper) {
		ClientCnxn connection = zooKeeper.cnxn;
		connection.state = ZooKeeper.States.CLOSED;
		connection.sendThread.getClientCnxnSocket().onClosing();
		connection.eventThread.queueEvent(
				new WatchedEvent(Watcher.Event.EventType.None, Watcher.Event.KeeperState.Expired, null));
		connection.eventThread.queueEventOfDeath();
	}

}
