package io.github.idgen.sample;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.segment.SegmentProperties;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStore;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app with {@code spring.threads.virtual.enabled=true}: many requests at once for segment
 * ids and business numbers from a slow store, so that request threads wait for ranges and for a new
 * period's tag. Every request is answered, and JFR sees no request thread wait in a monitor of ours
 * (which pins a virtual thread's carrier on JDK 21: with two carriers on a two-core machine, two such
 * waits stop every request) nor pinned in our code.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.threads.virtual.enabled=true", "sample.embedded-zookeeper.port=0",
				"xxx.common.segment-max-step=" + VirtualThreadsLoadTests.STEP, "xxx.common.segment-wait-timeout=30s",
				"xxx.common.codes.vt.tag=vt", "xxx.common.codes.vt.pattern=VT{yyyyMMdd}{seq:8}",
				"xxx.common.codes.vt.reset=daily" })
// checked before the application starts, and reported as skipped with the reason
@EnabledForJreRange(min = JRE.JAVA_21, disabledReason = "virtual threads (spring.threads.virtual.enabled)"
		+ " need JDK 21 or later; .ci/run's JDK 25 leg runs this test")
class VirtualThreadsLoadTests {

	static final int STEP = 10;

	private static final Duration STORE_DELAY = Duration.ofMillis(10);

	private static final int CLIENTS = 200;

	private static final int REQUESTS_PER_CLIENT = 4;

	/** JFR's events of a thread that blocks on a monitor or is pinned to its carrier. */
	private static final List<String> BLOCKING_EVENTS = List.of("jdk.JavaMonitorEnter", "jdk.JavaMonitorWait",
			"jdk.VirtualThreadPinned");

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Test
	void everyRequestIsAnsweredAndNoRequestThreadBlocksInAMonitorOfOurs() throws Exception {
		assertThat(Http.get(this.port, "/test/thread").body()).as("the request's thread").startsWith("VirtualThread");
		this.jdbc.update("INSERT INTO idgen_segment (tag, step) VALUES ('vt', ?)", STEP);
		// the classes of both paths initialised before recording: a class initialiser still pins
		assertThat(Http.get(this.port, "/segments/users/next").statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/codes/orders/next").statusCode()).isEqualTo(200);
		Map<String, String> answers = new ConcurrentHashMap<>();
		List<String> failures = new ArrayList<>();
		List<RecordedEvent> blocking;
		try (Recording recording = new Recording()) {
			BLOCKING_EVENTS.forEach((name) -> recording.enable(name).withThreshold(Duration.ZERO).withStackTrace());
			recording.start();
			failures.addAll(load(answers));
			recording.stop();
			blocking = blockingEventsInOurCode(recording);
		}
		assertThat(failures).as("requests not answered with 200").isEmpty();
		assertThat(answers).hasSize(CLIENTS * REQUESTS_PER_CLIENT);
		assertThat(blocking).as("threads blocked in a monitor of ours or pinned in our code")
			.extracting(VirtualThreadsLoadTests::describe)
			.isEmpty();
	}

	/** Half the clients take segment ids, half business numbers of a period not used yet. */
	private List<String> load(Map<String, String> answers) throws Exception {
		ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
		try {
			List<Future<List<String>>> results = new ArrayList<>();
			for (int i = 0; i < CLIENTS; i++) {
				String path = (i % 2 == 0) ? "/segments/vt/next" : "/codes/vt/next";
				results.add(clients.submit(() -> {
					List<String> failed = new ArrayList<>();
					for (int r = 0; r < REQUESTS_PER_CLIENT; r++) {
						HttpResponse<String> response = Http.get(this.port, path);
						if (response.statusCode() != 200) {
							failed.add(path + ": " + response.statusCode() + " " + response.body());
						}
						else if (answers.put(path + " " + response.body(), path) != null) {
							failed.add(path + ": " + response.body() + " answered twice");
						}
					}
					return failed;
				}));
			}
			List<String> failures = new ArrayList<>();
			for (Future<List<String>> result : results) {
				failures.addAll(result.get(2, TimeUnit.MINUTES));
			}
			return failures;
		}
		finally {
			clients.shutdownNow();
		}
	}

	private static List<RecordedEvent> blockingEventsInOurCode(Recording recording) throws IOException {
		Path file = Files.createTempFile("virtual-threads", ".jfr");
		try {
			recording.dump(file);
			return RecordingFile.readAllEvents(file)
				.stream()
				.filter((event) -> BLOCKING_EVENTS.contains(event.getEventType().getName()))
				.filter(VirtualThreadsLoadTests::onAVirtualThread)
				.filter(VirtualThreadsLoadTests::inOurCode)
				.toList();
		}
		finally {
			Files.deleteIfExists(file);
		}
	}

	/** Request threads are virtual; the segment loader's, ZooKeeper's and this test's clients are not. */
	private static boolean onAVirtualThread(RecordedEvent event) {
		RecordedThread thread = event.getThread("eventThread");
		return thread != null && thread.hasField("virtual") && thread.getBoolean("virtual");
	}

	/**
	 * Whether the code that blocked may be ours: for a monitor, the frame that entered or waited on it
	 * (the first below the JDK's own), or any code at all when JFR could not tell (on JDK 24 and later
	 * a virtual thread that waits in a monitor leaves its carrier, and the event's stack shows only the
	 * continuation's entry); for a pinned thread, any frame, since what pins it (a monitor held, a
	 * native frame) may be further down.
	 */
	private static boolean inOurCode(RecordedEvent event) {
		List<String> classes = (event.getStackTrace() != null) ? event.getStackTrace()
			.getFrames()
			.stream()
			.map((frame) -> frame.getMethod().getType().getName())
			.filter((type) -> !type.startsWith(VirtualThreadsLoadTests.class.getName()))
			.toList() : List.of();
		if (event.getEventType().getName().equals("jdk.VirtualThreadPinned")) {
			return classes.stream().anyMatch(VirtualThreadsLoadTests::ours);
		}
		return classes.stream().filter((type) -> !jdk(type)).findFirst().map(VirtualThreadsLoadTests::ours).orElse(true);
	}

	private static boolean ours(String type) {
		return type.startsWith("io.github.idgen.");
	}

	private static boolean jdk(String type) {
		return type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun.");
	}

	private static String describe(RecordedEvent event) {
		StringBuilder description = new StringBuilder(event.getEventType().getName()).append(" on ")
			.append(event.getThread("eventThread").getJavaName());
		for (String field : List.of("monitorClass", "notifier", "previousOwner")) {
			if (event.hasField(field) && event.getValue(field) != null) {
				Object value = event.getValue(field);
				description.append(", ").append(field).append(" ").append((value instanceof RecordedThread thread)
						? thread.getJavaName() : ((RecordedClass) value).getName());
			}
		}
		if (event.getStackTrace() != null) {
			event.getStackTrace()
				.getFrames()
				.stream()
				.limit(12)
				.forEach((frame) -> description.append("\n\t").append(describe(frame)));
		}
		return description.toString();
	}

	private static String describe(RecordedFrame frame) {
		return frame.getMethod().getType().getName() + "." + frame.getMethod().getName() + ":" + frame.getLineNumber();
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class SlowStoreConfiguration {

		@Bean
		SegmentStore slowSegmentStore(DataSource dataSource, SegmentProperties properties) {
			return new SlowSegmentStore(new JdbcSegmentStore(dataSource, properties.getSegmentTable()));
		}

		@Bean
		ThreadController threadController() {
			return new ThreadController();
		}

	}

	@RestController
	static class ThreadController {

		@GetMapping("/test/thread")
		String thread() {
			return Thread.currentThread().toString();
		}

	}

	/** A store that takes {@link #STORE_DELAY} longer for every request, like one across a slow network. */
	private record SlowSegmentStore(SegmentStore store) implements SegmentStore {

		@Override
		public SegmentRange allocate(String tag, int requestedStep) {
			pause();
			return this.store.allocate(tag, requestedStep);
		}

		@Override
		public SegmentRange allocateExactly(String tag, int size) {
			pause();
			return this.store.allocateExactly(tag, size);
		}

		@Override
		public boolean createTagLike(String tag, String template, long maxLimitId, String description) {
			pause();
			return this.store.createTagLike(tag, template, maxLimitId, description);
		}

		@Override
		public String describe() {
			return this.store.describe();
		}

		private static void pause() {
			try {
				Thread.sleep(STORE_DELAY.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

	}

}
