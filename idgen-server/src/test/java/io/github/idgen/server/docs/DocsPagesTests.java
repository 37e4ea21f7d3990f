package io.github.idgen.server.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * README.md and docs/*.md as a reader meets them: every relative link leads to a file of the repository
 * and, with an anchor, to a heading of that page; no page is longer than a reader takes in at once; every
 * snippet marker sits right above a code block. And the messages of the main sources as a jar user meets
 * them: they link the hosted pages ({@code Documentation.page}, {@code Documentation.section}), whose
 * pages and headings exist, never a {@code docs/} path that user does not have.
 */
class DocsPagesTests {

	private static final int MAX_LINES = 300;

	/** {@code [text](target)} and {@code ![alt](target)}; the target up to the first space or closing parenthesis. */
	private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

	private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

	private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

	/** {@code Documentation.page("x.md")} and {@code Documentation.section("x.md", "anchor")} in Java code. */
	private static final Pattern HOSTED_LINK = Pattern
		.compile("Documentation\\.(?:page|section)\\(\\s*\"([^\"]+)\"(?:\\s*,\\s*\"([^\"]+)\")?");

	/** A string literal that names a page by its path in this repository. */
	private static final Pattern DOCS_PATH_LITERAL = Pattern.compile("\"[^\"]*\\bdocs/[a-z0-9-]+\\.md");

	@Test
	void everyRelativeLinkLeadsToAFileOfTheRepositoryAndAnExistingHeading() {
		Path root = MarkdownPages.root();
		List<String> broken = new ArrayList<>();
		int checked = 0;
		for (Path page : MarkdownPages.pages()) {
			List<String> prose = MarkdownPages.prose(page);
			for (int i = 0; i < prose.size(); i++) {
				Matcher link = LINK.matcher(INLINE_CODE.matcher(prose.get(i)).replaceAll("``"));
				while (link.find()) {
					String target = link.group(1);
					if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
						continue; // https:, mailto:
					}
					checked++;
					String problem = problem(root, page, target);
					if (problem != null) {
						broken.add(MarkdownPages.name(page) + ":" + (i + 1) + " " + target + ": " + problem);
					}
				}
			}
		}
		assertThat(checked).as("relative links found").isGreaterThan(50);
		assertThat(broken).as("broken links").isEmpty();
	}

	@Test
	void noPageIsLongerThan300Lines() {
		Map<String, Integer> tooLong = new HashMap<>();
		for (Path page : MarkdownPages.pages()) {
			int lines = MarkdownPages.lines(page).size();
			if (lines > MAX_LINES) {
				tooLong.put(MarkdownPages.name(page), lines);
			}
		}
		assertThat(tooLong).as("pages over " + MAX_LINES + " lines").isEmpty();
	}

	@Test
	void messagesLinkTheHostedPagesAndTheirHeadingsExist() throws Exception {
		Path root = MarkdownPages.root();
		List<String> broken = new ArrayList<>();
		int links = 0;
		try (var sources = Files.walk(root)) {
			for (Path source : sources.filter((path) -> path.toString().endsWith(".java")
					&& path.toString().contains("/src/main/java/")).toList()) {
				String code = Files.readString(source);
				String where = root.relativize(source).toString();
				Matcher path = DOCS_PATH_LITERAL.matcher(code);
				while (path.find()) {
					broken.add(where + ": " + path.group() + "...: a jar user has no docs/ folder; link the page with"
							+ " Documentation.page or Documentation.section");
				}
				Matcher link = HOSTED_LINK.matcher(code);
				while (link.find()) {
					links++;
					String target = link.group(1) + ((link.group(2) != null) ? "#" + link.group(2) : "");
					String problem = problem(root, root.resolve("docs/README.md"), target);
					if (problem != null) {
						broken.add(where + ": " + target + ": " + problem);
					}
				}
			}
		}
		assertThat(links).as("hosted documentation links in main sources").isGreaterThan(5);
		assertThat(broken).isEmpty();
	}

	@Test
	void everySnippetMarkerSitsRightAboveACodeBlock() {
		List<String> stray = new ArrayList<>();
		for (Path page : MarkdownPages.pages()) {
			Set<Integer> markedFences = new HashSet<>();
			for (MarkdownPages.Block block : MarkdownPages.blocks(page)) {
				if (block.marker() != null) {
					markedFences.add(block.line() - 1);
				}
			}
			List<String> prose = MarkdownPages.prose(page);
			for (int i = 0; i < prose.size(); i++) {
				if (MarkdownPages.MARKER.matcher(prose.get(i)).matches() && !markedFences.contains(i + 1)) {
					stray.add(MarkdownPages.name(page) + ":" + (i + 1));
				}
			}
		}
		assertThat(stray).as("markers not followed by a code block").isEmpty();
	}

	private static String problem(Path root, Path page, String target) {
		int hash = target.indexOf('#');
		String file = (hash < 0) ? target : target.substring(0, hash);
		String anchor = (hash < 0) ? null : target.substring(hash + 1);
		Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
		if (!resolved.startsWith(root)) {
			return "outside the repository";
		}
		if (!Files.exists(resolved)) {
			return "no such file";
		}
		if (anchor != null && !anchors(resolved).contains(anchor)) {
			return "no heading with anchor #" + anchor + " in " + root.relativize(resolved);
		}
		return null;
	}

	/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
	private static Set<String> anchors(Path page) {
		Set<String> anchors = new HashSet<>();
		if (!page.getFileName().toString().endsWith(".md")) {
			return anchors;
		}
		Map<String, Integer> seen = new HashMap<>();
		for (String line : MarkdownPages.prose(page)) {
			Matcher heading = HEADING.matcher(line);
			if (heading.matches()) {
				String slug = heading.group(1)
					.toLowerCase(Locale.ROOT)
					.replaceAll("[^\\p{L}\\p{N}\\s_-]", "")
					.replace(' ', '-');
				int repeat = seen.merge(slug, 1, Integer::sum) - 1;
				anchors.add((repeat == 0) ? slug : slug + "-" + repeat);
			}
		}
		return anchors;
	}

}
