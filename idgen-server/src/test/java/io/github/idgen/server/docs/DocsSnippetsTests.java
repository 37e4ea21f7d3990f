package io.github.idgen.server.docs;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.github.idgen.server.docs.MarkdownPages.Block;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The snippets of README.md and docs/*.md do what the pages say, against one idgen-server demo started
 * for all of them (the demo of {@code java -jar idgen-server.jar}, with the named generators and the
 * business number code that the pages start it with):
 * <ul>
 * <li>{@code <!-- demo-run -->} above a transcript: every {@code $ command} runs in bash (the demo's
 * {@code localhost:8080} and {@code 127.0.0.1:8080} pointed at this demo), exits 0 and prints the lines
 * that follow it on the page; numbers and instants may differ (ids, counters), everything else must be
 * the same. {@code <!-- demo-run: --key=value -->} names the demo's arguments the page starts it with,
 * which must be among this test's. Above a {@code bash} block of plain commands: the block runs as a
 * script and exits 0.</li>
 * <li>{@code <!-- demo-file: ids.py -->} above a program: saved as {@code ids.py} in the page's working
 * directory, where its transcripts run it; a program no transcript runs fails.</li>
 * <li>{@code <!-- source: idgen-server/src/test/java/.../File.java#region -->} above Java code: the
 * block is that file's imports, then its region ({@code // tag::region[]} to {@code // end::region[]}),
 * or the whole file after its package line, which the build compiles; a whole file is also saved under
 * its name for the page's transcripts ({@code java OrdersIds.java}). Every Java block of the pages is
 * one of these: code a reader copies compiles, and shows what it imports.</li>
 * </ul>
 * A transcript that needs a program the machine lacks (python3, node, curl) is skipped with a message
 * naming it. Jars a transcript names ({@code jackson-core-3.1.5.jar}) are this test's class path
 * entries of that name, a module's classes named as its jar ({@code idgen-client-0.1.0-SNAPSHOT.jar}).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { DocsSnippetsTests.JS_GENERATOR, DocsSnippetsTests.CODE_TAG, DocsSnippetsTests.CODE_PATTERN,
				DocsSnippetsTests.CODE_RESET, DocsSnippetsTests.SHARDED_GENERATOR })
class DocsSnippetsTests {

	static final String JS_GENERATOR = "xxx.common.generators.js.layout=javascript-safe";

	static final String CODE_TAG = "xxx.common.codes.orders.tag=orders";

	static final String CODE_PATTERN = "xxx.common.codes.orders.pattern=ORD{yyyyMMdd}{seq:6}";

	static final String CODE_RESET = "xxx.common.codes.orders.reset=daily";

	static final String SHARDED_GENERATOR = "xxx.common.generators.user-orders.shard-bits=4";

	private static final List<String> DEMO_ARGUMENTS = Stream
		.of(JS_GENERATOR, CODE_TAG, CODE_PATTERN, CODE_RESET, SHARDED_GENERATOR)
		.map((property) -> "--" + property)
		.toList();

	private static final Set<String> CHECKED_PROGRAMS = Set.of("curl", "python3", "node", "java");

	/** A number, or an instant as Java writes it (whose fraction of a second comes and goes with its value). */
	private static final Pattern VARYING = Pattern
		.compile("(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z)|\\d+");

	private static final Pattern ASSIGNMENT = Pattern.compile("^[A-Za-z_][A-Za-z0-9_]*=.*");

	@LocalServerPort
	private int port;

	@TestFactory
	Stream<DynamicNode> everyMarkedSnippetRunsOrCompilesAsThePageShowsIt() {
		List<DynamicNode> pages = new ArrayList<>();
		int snippets = 0;
		for (Path page : MarkdownPages.pages()) {
			List<Block> marked = MarkdownPages.blocks(page).stream().filter((block) -> block.marker() != null).toList();
			if (!marked.isEmpty()) {
				snippets += marked.size();
				pages.add(DynamicContainer.dynamicContainer(MarkdownPages.name(page), snippets(page, marked)));
			}
		}
		assertThat(snippets).as("marked snippets in README.md and docs").isGreaterThanOrEqualTo(10);
		return pages.stream();
	}

	@TestFactory
	Stream<DynamicTest> everyJavaBlockIsTheCodeOfACompiledSourceFile() {
		List<DynamicTest> tests = new ArrayList<>();
		for (Path page : MarkdownPages.pages()) {
			for (Block block : MarkdownPages.blocks(page)) {
				if ("java".equals(block.language())) {
					tests.add(DynamicTest.dynamicTest(block.where(), () -> assertThat(block.marker())
						.as(block.where() + ": a Java block is marked <!-- source: path/File.java[#region] -->, the code"
								+ " of a file the build compiles, with its imports")
						.isEqualTo("source")));
				}
			}
		}
		assertThat(tests).as("Java blocks in README.md and docs").isNotEmpty();
		return tests.stream();
	}

	private Stream<DynamicTest> snippets(Path page, List<Block> marked) {
		Path directory = workingDirectory(page);
		List<DynamicTest> tests = new ArrayList<>();
		for (int i = 0; i < marked.size(); i++) {
			Block block = marked.get(i);
			List<Block> after = marked.subList(i + 1, marked.size());
			tests.add(DynamicTest.dynamicTest(block.where() + " " + block.marker(), () -> check(block, after, directory)));
		}
		return tests.stream();
	}

	private void check(Block block, List<Block> later, Path directory) throws Exception {
		switch (block.marker()) {
			case "demo-file" -> saveProgram(block, later, directory);
			case "demo-run" -> run(block, directory);
			case "source" -> {
				sameAsSource(block);
				saveSource(block, directory);
			}
			default -> fail("Unknown marker " + block.marker() + " at " + block.where());
		}
	}

	private void saveProgram(Block block, List<Block> later, Path directory) throws IOException {
		String file = block.argument();
		assertThat(file).as(block.where() + ": demo-file needs a file name").isNotBlank();
		boolean run = later.stream()
			.anyMatch((other) -> "demo-run".equals(other.marker()) && String.join("\n", other.lines()).contains(file));
		assertThat(run).as(block.where() + ": a demo-run transcript further down the page runs " + file).isTrue();
		Files.writeString(directory.resolve(file), toThisDemo(String.join("\n", block.lines())) + "\n",
				StandardCharsets.UTF_8);
	}

	private void run(Block block, Path directory) throws Exception {
		if (block.argument() != null) {
			List<String> arguments = Arrays.asList(block.argument().trim().split("\\s+"));
			assertThat(DEMO_ARGUMENTS).as(block.where() + ": the demo's arguments this test starts it with")
				.containsAll(arguments);
		}
		boolean transcript = block.lines().stream().anyMatch((line) -> line.startsWith("$ "));
		if (!transcript) {
			assertThat(block.language()).as(block.where() + ": a demo-run block without '$ ' lines is a script")
				.isIn("bash", "sh");
			String script = toThisDemo(String.join("\n", block.lines()));
			skipWithoutThePrograms(block, script);
			Result result = bash(script, directory);
			assertThat(result.exit()).as(block.where() + " exit code\n" + result).isZero();
			return;
		}
		List<Command> commands = commands(block);
		for (Command command : commands) {
			skipWithoutThePrograms(block, command.line());
		}
		for (Command command : commands) {
			Result result = bash(command.line(), directory);
			assertThat(result.exit()).as(block.where() + ": $ " + command.line() + "\n" + result).isZero();
			List<String> actual = result.stdout().lines().map(String::stripTrailing).toList();
			assertThat(actual).as(block.where() + ": $ " + command.line() + "\n" + result)
				.hasSameSizeAs(command.expected());
			for (int i = 0; i < actual.size(); i++) {
				assertThat(actual.get(i)).as(block.where() + ": $ " + command.line() + ", line " + (i + 1) + "\n" + result)
					.matches(shape(command.expected().get(i)));
			}
		}
	}

	private void sameAsSource(Block block) {
		String argument = block.argument();
		assertThat(argument).as(block.where() + ": source needs a path").isNotBlank();
		int hash = argument.indexOf('#');
		Path file = MarkdownPages.root().resolve((hash < 0) ? argument : argument.substring(0, hash));
		assertThat(file).as(block.where()).isRegularFile();
		List<String> source = MarkdownPages.lines(file);
		List<String> shown;
		if (hash < 0) {
			int start = 0;
			while (start < source.size() && !source.get(start).startsWith("package ")) {
				start++;
			}
			shown = source.subList(Math.min(start + 1, source.size()), source.size());
		}
		else {
			String region = argument.substring(hash + 1);
			int start = indexOf(source, "// tag::" + region + "[]");
			int end = indexOf(source, "// end::" + region + "[]");
			assertThat(start).as(block.where() + ": // tag::" + region + "[] in " + file).isNotNegative();
			assertThat(end).as(block.where() + ": // end::" + region + "[] in " + file).isGreaterThan(start);
			// the imports at the left margin, the region at its own: each loses its own indentation
			shown = new ArrayList<>(normalized(imports(source)));
			if (!shown.isEmpty()) {
				shown.add("");
			}
			shown.addAll(normalized(source.subList(start + 1, end)));
		}
		assertThat(normalized(block.lines())).as(block.where() + " is the code of " + argument)
			.isEqualTo(normalized(shown));
	}

	/** A Java file shown whole is saved under its name, for the page's transcripts to run it. */
	private static void saveSource(Block block, Path directory) throws IOException {
		String argument = block.argument();
		if (argument.indexOf('#') < 0) {
			Files.writeString(directory.resolve(Path.of(argument).getFileName()), String.join("\n", block.lines()) + "\n",
					StandardCharsets.UTF_8);
		}
	}

	private String toThisDemo(String text) {
		return text.replace("localhost:8080", "localhost:" + this.port).replace("127.0.0.1:8080", "127.0.0.1:" + this.port);
	}

	/** The transcript's commands ({@code \}-continued lines joined) with the lines each is shown to print. */
	private List<Command> commands(Block block) {
		List<Command> commands = new ArrayList<>();
		List<String> lines = block.lines();
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i);
			if (!line.startsWith("$ ")) {
				assertThat(commands).as(block.where() + ": a transcript starts with a '$ ' line").isNotEmpty();
				commands.get(commands.size() - 1).expected().add(toThisDemo(line.stripTrailing()));
				continue;
			}
			StringBuilder command = new StringBuilder(line.substring(2));
			while (command.toString().endsWith("\\") && i + 1 < lines.size()) {
				String joined = command.substring(0, command.length() - 1).stripTrailing();
				command.setLength(0);
				command.append(joined).append(' ').append(lines.get(++i).strip());
			}
			commands.add(new Command(toThisDemo(command.toString().strip()), new ArrayList<>()));
		}
		return commands;
	}

	private static void skipWithoutThePrograms(Block block, String commands) throws Exception {
		Set<String> programs = new LinkedHashSet<>();
		for (String segment : commands.split("[|;&\\n]+")) {
			for (String word : segment.trim().split("\\s+")) {
				if (!ASSIGNMENT.matcher(word).matches()) {
					programs.add(word);
					break;
				}
			}
		}
		for (String program : programs) {
			if (CHECKED_PROGRAMS.contains(program) && bash("command -v " + program, Path.of(".")).exit() != 0) {
				Assumptions.abort(program + " is not on this machine's PATH: " + block.where()
						+ " was not run (install " + program + " to check it)");
			}
		}
	}

	private static Pattern shape(String expected) {
		StringBuilder regex = new StringBuilder();
		Matcher varying = VARYING.matcher(expected);
		int last = 0;
		while (varying.find()) {
			regex.append(Pattern.quote(expected.substring(last, varying.start())));
			regex.append((varying.group(1) != null) ? "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z" : "\\d+");
			last = varying.end();
		}
		regex.append(Pattern.quote(expected.substring(last)));
		return Pattern.compile(regex.toString());
	}

	private static Result bash(String script, Path directory) throws IOException, InterruptedException {
		Path stdout = Files.createTempFile("snippet-", ".out");
		Path stderr = Files.createTempFile("snippet-", ".err");
		try {
			ProcessBuilder builder = new ProcessBuilder("bash", "-c", script).directory(directory.toFile())
				.redirectOutput(stdout.toFile())
				.redirectError(stderr.toFile());
			// the programs' defaults, pointed at this demo, not what the machine running the tests says
			builder.environment().remove("IDGEN_TOKEN");
			builder.environment().remove("IDGEN_URL");
			// the JDK running the tests, for a transcript's java
			String javaBin = Path.of(System.getProperty("java.home"), "bin").toString();
			builder.environment().merge("PATH", javaBin, (path, bin) -> bin + File.pathSeparator + path);
			Process process = builder.start();
			if (!process.waitFor(2, TimeUnit.MINUTES)) {
				process.destroyForcibly();
				fail("Still running after 2 minutes: " + script);
			}
			return new Result(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
		}
		finally {
			Files.deleteIfExists(stdout);
			Files.deleteIfExists(stderr);
		}
	}

	/**
	 * A fresh directory per page under target/, holding the page's programs and, under its Maven file
	 * name ({@code idgen-client-0.1.0-SNAPSHOT.jar}, {@code jackson-core-3.1.5.jar}), a link to each jar
	 * of this test's class path and to each module's classes.
	 */
	private static Path workingDirectory(Path page) {
		try {
			Path directory = Path.of("target", "docs-snippets", MarkdownPages.name(page).replace('/', '_')).toAbsolutePath();
			FileSystemUtils.deleteRecursively(directory);
			Files.createDirectories(directory);
			for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
				Path path = Path.of(entry).toAbsolutePath();
				String jar = jarName(path);
				if (jar != null && !Files.exists(directory.resolve(jar), LinkOption.NOFOLLOW_LINKS)) {
					Files.createSymbolicLink(directory.resolve(jar), path);
				}
			}
			return directory;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A jar's own name; a module's target/classes as the jar it becomes, artifact-version.jar; else null. */
	private static @Nullable String jarName(Path entry) throws IOException {
		String name = entry.getFileName().toString();
		if (name.endsWith(".jar")) {
			return name;
		}
		Path target = entry.getParent();
		if (!name.equals("classes") || target == null || !target.getFileName().toString().equals("target")
				|| target.getParent() == null || !Files.isRegularFile(target.getParent().resolve("pom.xml"))) {
			return null;
		}
		Path module = target.getParent();
		Matcher version = Pattern.compile("<version>([^<]+)</version>").matcher(Files.readString(module.resolve("pom.xml")));
		return version.find() ? module.getFileName() + "-" + version.group(1) + ".jar" : null;
	}

	/** A file's import lines, first to last, with the blank lines between their groups. */
	private static List<String> imports(List<String> source) {
		int first = -1;
		int last = -1;
		for (int i = 0; i < source.size(); i++) {
			if (source.get(i).startsWith("import ")) {
				first = (first < 0) ? i : first;
				last = i;
			}
		}
		return (first < 0) ? List.of() : source.subList(first, last + 1);
	}

	private static int indexOf(List<String> lines, String marker) {
		for (int i = 0; i < lines.size(); i++) {
			if (lines.get(i).strip().equals(marker)) {
				return i;
			}
		}
		return -1;
	}

	/** Tabs as four spaces, the common indentation and trailing spaces removed, no blank lines around. */
	private static List<String> normalized(List<String> lines) {
		List<String> expanded = lines.stream().map((line) -> {
			int tabs = 0;
			while (tabs < line.length() && line.charAt(tabs) == '\t') {
				tabs++;
			}
			return ("    ".repeat(tabs) + line.substring(tabs)).stripTrailing();
		}).toList();
		int indent = expanded.stream()
			.filter((line) -> !line.isBlank())
			.mapToInt((line) -> line.length() - line.stripLeading().length())
			.min()
			.orElse(0);
		List<String> result = new ArrayList<>(expanded.stream().map((line) -> line.isBlank() ? "" : line.substring(indent)).toList());
		while (!result.isEmpty() && result.get(0).isEmpty()) {
			result.remove(0);
		}
		while (!result.isEmpty() && result.get(result.size() - 1).isEmpty()) {
			result.remove(result.size() - 1);
		}
		return result;
	}

	private record Command(String line, List<String> expected) {
	}

	private record Result(int exit, String stdout, String stderr) {

		@Override
		public String toString() {
			return "exit code " + this.exit + "\n--- stdout\n" + this.stdout + "\n--- stderr\n" + this.stderr;
		}

	}

}
