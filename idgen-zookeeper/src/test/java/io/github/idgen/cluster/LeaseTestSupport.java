package io.github.idgen.cluster;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.testsupport.StartedLeases;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Builds deployments and proxies with test-sized timeouts, each test under a path of its own, and
 * closes them after each test. As a JUnit extension it also runs a real ZooKeeper server
 * ({@link TestingServer}): a new one per test, or one per class when registered in a static field.
 */
public final class LeaseTestSupport implements AutoCloseable, BeforeAllCallback, AfterAllCallback, BeforeEachCallback,
		AfterEachCallback {

	static final Duration SESSION_TIMEOUT = Duration.ofSeconds(2);

	static final Duration MARK_INTERVAL = Duration.ofMillis(200);

	private static final AtomicInteger paths = new AtomicInteger();

	private String connectString;

	private String path = nextPath();

	private final StartedLeases started = new StartedLeases();

	private @Nullable TestingServer server;

	private boolean serverPerClass;

	/** Works against a server the test runs itself, such as a {@link org.apache.curator.test.TestingCluster}. */
	LeaseTestSupport(String connectString) {
		this.connectString = connectString;
	}

	private LeaseTestSupport() {
		this.connectString = "";
	}

	/**
	 * Runs a ZooKeeper server for each test (instance field) or for the class (static field).
	 * @return an extension to register with {@code @RegisterExtension}
	 */
	public static LeaseTestSupport withTestingServer() {
		return new LeaseTestSupport();
	}

	private static String nextPath() {
		return "/test-" + paths.incrementAndGet() + "/worker_ids";
	}

	@Override
	public void beforeAll(ExtensionContext context) throws Exception {
		this.serverPerClass = true;
		startServer();
	}

	@Override
	public void beforeEach(ExtensionContext context) throws Exception {
		if (!this.serverPerClass) {
			startServer();
		}
		this.path = nextPath();
	}

	@Override
	public void afterEach(ExtensionContext context) throws Exception {
		close();
		if (!this.serverPerClass) {
			stopServer();
		}
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		stopServer();
	}

	private void startServer() throws Exception {
		this.server = new TestingServer();
		this.connectString = this.server.getConnectString();
	}

	private void stopServer() throws IOException {
		if (this.server != null) {
			this.server.close();
			this.server = null;
		}
	}

	/**
	 * Returns the server, to stop or restart it.
	 * @return the running server
	 */
	public TestingServer server() {
		return Objects.requireNonNull(this.server, "register the extension to get a server");
	}

	public String connectString() {
		return this.connectString;
	}

	String path() {
		return this.path;
	}

	ClusterDeploymentBuilder builder() {
		return ClusterDeploymentImpl.builder(this.connectString)
			.workerIdsPath(this.path)
			.sessionTimeout(SESSION_TIMEOUT)
			.connectionTimeout(SESSION_TIMEOUT)
			.markInterval(MARK_INTERVAL);
	}

	ClusterDeploymentImpl startDeployment() {
		return start(builder().build());
	}

	ClusterDeploymentImpl start(ClusterDeploymentImpl deployment) {
		return this.started.start(deployment);
	}

	IdServiceProxy proxy(ClusterDeployment deployment, Duration leaseWaitTimeout) {
		return this.started.proxy(deployment, leaseWaitTimeout);
	}

	/** Closes something before everything started so far, such as a proxy made by the test. */
	<C extends AutoCloseable> C closeFirst(C closeable) {
		return this.started.closeFirst(closeable);
	}

	/** A builder on a client the test holds, so that the test can expire or close its session. */
	ClusterDeploymentBuilder builderOn(CuratorFramework client) {
		return ClusterDeploymentImpl.builder(client).workerIdsPath(this.path).markInterval(MARK_INTERVAL);
	}

	/** A plain client, as an operator's zkCli would be. */
	CuratorFramework operatorClient() throws InterruptedException {
		return startedClient(10_000);
	}

	/** A started client with the test session timeout, closed after the deployments built on it. */
	CuratorFramework startedClient(int sessionTimeoutMs) throws InterruptedException {
		CuratorFramework client = CuratorFrameworkFactory.newClient(this.connectString, sessionTimeoutMs, Math.min(sessionTimeoutMs, 3_000),
				new RetryOneTime(100));
		client.start();
		client.blockUntilConnected();
		return this.started.closeAtEnd(client);
	}

	/** A deployment on a client the test holds, so that the test can expire its session. */
	ClusterDeploymentImpl startDeploymentOn(CuratorFramework client) {
		ClusterDeploymentImpl deployment = ClusterDeploymentImpl.builder(client)
			.workerIdsPath(this.path)
			.markInterval(MARK_INTERVAL)
			.build();
		this.started.closeFirst(deployment);
		deployment.start();
		return deployment;
	}

	/**
	 * Expires a session on the server, the way a real timeout does: a second handle with the same id
	 * and password is opened and closed.
	 */
	void expireOnServer(CuratorFramework client) throws Exception {
		ZooKeeper original = client.getZookeeperClient().getZooKeeper();
		resumeSession(original.getSessionId(), original.getSessionPasswd()).close();
	}

	/**
	 * Opens a second handle on a session, which keeps it and its ephemeral nodes alive on the server
	 * until the handle is closed; closing it ends the session on the server at once.
	 */
	ZooKeeper resumeSession(long sessionId, byte[] password) throws Exception {
		CountDownLatch connected = new CountDownLatch(1);
		ZooKeeper twin = new ZooKeeper(this.connectString, 8_000, (event) -> {
			if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
				connected.countDown();
			}
		}, sessionId, password);
		if (!connected.await(5, TimeUnit.SECONDS)) {
			twin.close();
			throw new IllegalStateException("The twin handle did not connect to session 0x" + Long.toHexString(sessionId)
					+ " in 5 s: the server may have timed the session out first");
		}
		return this.started.closeAtEnd(twin);
	}

	/** Holds every id of datacenter 0 except {@code free} with ephemeral nodes of the operator's session. */
	void occupyAllBut(CuratorFramework operator, int... free) throws Exception {
		java.util.Set<Integer> keep = new java.util.HashSet<>();
		for (int id : free) {
			keep.add(id);
		}
		for (int id = 0; id < 32; id++) {
			if (!keep.contains(id)) {
				operator.create().creatingParentsIfNeeded().withMode(org.apache.zookeeper.CreateMode.EPHEMERAL)
					.forPath(this.path + "/" + id);
			}
		}
	}

	@Override
	public void close() throws Exception {
		this.started.close();
	}

}
