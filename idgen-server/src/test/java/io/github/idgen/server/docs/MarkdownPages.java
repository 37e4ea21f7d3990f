package io.github.idgen.server.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

/**
 * The user documentation of the repository (README.md and docs/*.md) read as Markdown: its pages,
 * their fenced code blocks with the marker comment written right above a block, and their prose.
 * <p>
 * Markers, each an HTML comment on the line right above a fence (GitHub does not show them):
 * {@code <!-- demo-run -->} (a transcript run against idgen-server's demo),
 * {@code <!-- demo-file: ids.py -->} (a program the page's transcripts run, saved under that name) and
 * {@code <!-- source: path/File.java#region -->} (the same code as that region of a compiled file).
 */
final class MarkdownPages {

	private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})\\s*([^`\\s]*).*$");

	static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*(demo-run|demo-file|source)\\s*(?::\\s*(.*?))?\\s*-->\\s*$");

	private MarkdownPages() {
	}

	/**
	 * The repository's root: the nearest directory up from the working directory with a README.md and docs.
	 * @return the root
	 */
	static Path root() {
		for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
			if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("docs"))) {
				return dir;
			}
		}
		throw new IllegalStateException("No README.md with a docs directory above " + Path.of("").toAbsolutePath());
	}

	/**
	 * Every page a user reads: README.md, then docs/*.md by name.
	 * @return the pages
	 */
	static List<Path> pages() {
		Path root = root();
		List<Path> pages = new ArrayList<>();
		pages.add(root.resolve("README.md"));
		try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
			docs.filter((path) -> path.getFileName().toString().endsWith(".md")).sorted().forEach(pages::add);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return pages;
	}

	static List<String> lines(Path page) {
		try {
			return Files.readAllLines(page, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static String name(Path page) {
		return root().relativize(page).toString();
	}

	/**
	 * The fenced code blocks of a page, in order.
	 * @param page the page
	 * @return its blocks
	 */
	static List<Block> blocks(Path page) {
		List<String> lines = lines(page);
		List<Block> blocks = new ArrayList<>();
		for (int i = 0; i < lines.size(); i++) {
			Matcher open = FENCE.matcher(lines.get(i));
			if (!open.matches()) {
				continue;
			}
			String indent = open.group(1);
			String fence = open.group(2);
			List<String> content = new ArrayList<>();
			int close = i + 1;
			while (close < lines.size() && !isClosing(lines.get(close), fence)) {
				String line = lines.get(close);
				content.add(line.startsWith(indent) ? line.substring(indent.length()) : line.stripLeading());
				close++;
			}
			Matcher marker = (i > 0) ? MARKER.matcher(lines.get(i - 1)) : null;
			boolean marked = marker != null && marker.matches();
			blocks.add(new Block(page, i + 1, open.group(3), content, marked ? marker.group(1) : null,
					marked ? marker.group(2) : null));
			i = close;
		}
		return blocks;
	}

	/**
	 * The lines of a page outside its code blocks, code blocks as empty lines, so that indexes stay line numbers - 1.
	 * @param page the page
	 * @return its prose
	 */
	static List<String> prose(Path page) {
		List<String> lines = new ArrayList<>(lines(page));
		for (int i = 0; i < lines.size(); i++) {
			Matcher open = FENCE.matcher(lines.get(i));
			if (open.matches()) {
				int close = i + 1;
				while (close < lines.size() && !isClosing(lines.get(close), open.group(2))) {
					close++;
				}
				for (int j = i; j <= Math.min(close, lines.size() - 1); j++) {
					lines.set(j, "");
				}
				i = close;
			}
		}
		return lines;
	}

	private static boolean isClosing(String line, String fence) {
		String trimmed = line.strip();
		return trimmed.startsWith(fence) && trimmed.substring(fence.length()).chars().allMatch((c) -> c == fence.charAt(0));
	}

	/**
	 * A fenced code block.
	 * @param page the page it is on
	 * @param line the line number of its opening fence
	 * @param language the fence's info string ({@code python}, {@code bash}, empty)
	 * @param lines its content, the fence's indentation removed
	 * @param marker the marker above it ({@code demo-run}, {@code demo-file}, {@code source}), or null
	 * @param argument what the marker says after its colon, or null
	 */
	record Block(Path page, int line, String language, List<String> lines, @Nullable String marker,
			@Nullable String argument) {

		String where() {
			return name(this.page) + ":" + this.line;
		}

	}

}
