package io.github.idgen.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every module's main sources: no thread waits in a monitor, and {@code synchronized} appears only
 * where no request thread can block on I/O, a sleep or a wait under it. A virtual thread that blocks
 * in a monitor pins its carrier on JDK 21 ({@code spring.threads.virtual.enabled=true}), which on a
 * two-core machine stops every request after two such waits; waits use {@code ReentrantLock} and
 * {@code Condition}.
 */
class MonitorFreeSourcesTests {

	/** Where {@code synchronized} stays, by source path below {@code src/main/java}, and why it may. */
	private static final Map<String, String> SYNCHRONIZED_OFF_THE_REQUEST_PATH = Map.of(
			"io/github/idgen/segment/SegmentIdServices.java",
			"guards the registry's maps and calls the listeners that register meters: no I/O, no wait",
			"io/github/idgen/autoconfigure/readiness/IdgenReadinessPublisher.java",
			"start and stop, called by the application context's lifecycle",
			"io/github/idgen/sample/EmbeddedZooKeeper.java",
			"the demo's embedded server, started and stopped with the application");

	private static final Pattern MONITOR_WAIT = Pattern
		.compile("\\.(wait|notify|notifyAll)\\s*\\(|\\btimedWait\\s*\\(|^\\s*(wait|notify|notifyAll)\\s*\\(",
				Pattern.MULTILINE);

	private static final Pattern SYNCHRONIZED = Pattern.compile("\\bsynchronized\\b");

	@Test
	void noMainSourceWaitsOnOrNotifiesAMonitor() {
		List<String> found = mainSources().stream()
			.flatMap((source) -> matches(source, MONITOR_WAIT))
			.toList();
		assertThat(found).as("Object.wait/notify in main sources: use a ReentrantLock's Condition").isEmpty();
	}

	@Test
	void synchronizedIsOnlyWhereNoRequestThreadBlocksUnderIt() {
		List<String> found = mainSources().stream()
			.filter((source) -> !SYNCHRONIZED_OFF_THE_REQUEST_PATH.containsKey(packagePath(source)))
			.flatMap((source) -> matches(source, SYNCHRONIZED))
			.toList();
		assertThat(found).as("synchronized in main sources: use a ReentrantLock where a thread may block under it")
			.isEmpty();
	}

	@Test
	void theSourcesScannedIncludeTheRangeSwitchAndTheRedisChannel() {
		assertThat(mainSources()).extracting(MonitorFreeSourcesTests::packagePath)
			.contains("io/github/idgen/segment/RangeLoader.java", "io/github/idgen/redis/RedisChannel.java",
					"io/github/idgen/lease/LeaseKeeper.java", "io/github/idgen/codes/BusinessNumbers.java");
	}

	/** Main sources of every module but the benchmarks and the test support, which no application runs. */
	private static List<Path> mainSources() {
		Path root = repositoryRoot();
		try (Stream<Path> files = Files.walk(root)) {
			return files.filter((file) -> file.toString().endsWith(".java"))
				.filter((file) -> root.relativize(file).toString().contains("/src/main/java/"))
				.filter((file) -> !root.relativize(file).startsWith("idgen-benchmarks"))
				.filter((file) -> !root.relativize(file).startsWith("idgen-test-support"))
				.filter((file) -> !root.relativize(file).toString().contains("/target/"))
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The nearest directory up from the working directory whose pom.xml lists modules. */
	private static Path repositoryRoot() {
		for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
			Path pom = dir.resolve("pom.xml");
			if (Files.isRegularFile(pom) && read(pom).contains("<modules>")) {
				return dir;
			}
		}
		throw new IllegalStateException("No parent pom.xml above " + Path.of("").toAbsolutePath());
	}

	private static String packagePath(Path source) {
		String path = source.toString().replace('\\', '/');
		return path.substring(path.indexOf("/src/main/java/") + "/src/main/java/".length());
	}

	/** Each match in the code (comments and string literals left out) as {@code path:line: text}. */
	private static Stream<String> matches(Path source, Pattern pattern) {
		String text = read(source);
		String code = withoutCommentsAndStrings(text);
		List<String> lines = text.lines().toList();
		Matcher matcher = pattern.matcher(code);
		Stream.Builder<String> found = Stream.builder();
		while (matcher.find()) {
			int line = (int) code.substring(0, matcher.start()).chars().filter((c) -> c == '\n').count();
			found.add(packagePath(source) + ":" + (line + 1) + ": " + lines.get(line).strip());
		}
		return found.build();
	}

	/** Blanks comments and string and character literals, keeping line breaks so that line numbers hold. */
	private static String withoutCommentsAndStrings(String source) {
		StringBuilder code = new StringBuilder(source.length());
		int i = 0;
		while (i < source.length()) {
			char c = source.charAt(i);
			if (source.startsWith("//", i)) {
				while (i < source.length() && source.charAt(i) != '\n') {
					i++;
				}
			}
			else if (source.startsWith("/*", i)) {
				int end = source.indexOf("*/", i + 2);
				end = (end < 0) ? source.length() : end + 2;
				source.substring(i, end).chars().filter((ch) -> ch == '\n').forEach((ch) -> code.append('\n'));
				i = end;
			}
			else if (source.startsWith("\"\"\"", i)) {
				int end = source.indexOf("\"\"\"", i + 3);
				end = (end < 0) ? source.length() : end + 3;
				source.substring(i, end).chars().filter((ch) -> ch == '\n').forEach((ch) -> code.append('\n'));
				i = end;
			}
			else if (c == '"' || c == '\'') {
				int end = i + 1;
				while (end < source.length() && source.charAt(end) != c) {
					end += (source.charAt(end) == '\\') ? 2 : 1;
				}
				code.append(c).append(c);
				i = end + 1;
			}
			else {
				code.append(c);
				i++;
			}
		}
		return code.toString();
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
