package io.github.idgen.server.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The GitHub workflows, which cannot run here, hold to what runs here: {@code .github/workflows/ci.yml} runs
 * {@code .ci/run} and nothing else on every push and pull request, and {@code release.yml} runs, on a
 * {@code v*} tag, exactly the command docs/releasing.md gives maintainers, with exactly the secrets that page
 * lists, handed over the way scripts/release-dry-run.sh rehearses them (the Portal token through the settings'
 * server {@code central}). Read with a YAML parser, as GitHub reads them.
 */
class ReleaseWorkflowsTests {

	/** The release command's line in a bash block of docs/releasing.md. */
	private static final Pattern RELEASE_COMMAND = Pattern.compile("^bash scripts/release\\.sh\\b.*$");

	/** A row of the secrets table: its first cell, a variable's name in backticks. */
	private static final Pattern SECRET_ROW = Pattern.compile("^\\|\\s*`([A-Z][A-Z0-9_]*)`\\s*\\|.*$");

	/** What the version step sets: the tag's name without its v. */
	private static final String VERSION_STEP = "echo \"VERSION=${GITHUB_REF_NAME#v}\" >> \"$GITHUB_ENV\"";

	@Test
	void ciRunsTheCiEntryPointAloneOnEveryPushAndPullRequestWithJdks17And25() throws IOException {
		Map<String, Object> ci = workflow("ci.yml");
		assertThat(triggers(ci)).containsOnlyKeys("push", "pull_request");
		assertThat(triggers(ci).values()).as("no branch or path filters").containsOnlyNulls();
		List<Map<String, Object>> steps = steps(ci);
		assertThat(runs(steps)).containsExactly("bash .ci/run");
		List<Map<String, Object>> javas = steps.stream()
			.filter((step) -> String.valueOf(step.get("uses")).startsWith("actions/setup-java@"))
			.toList();
		assertThat(javas).extracting((step) -> with(step).get("distribution")).containsOnly("temurin");
		// the last one set up is JAVA_HOME, the baseline's JDK 17; .ci/run finds 25 through JDK25_HOME
		assertThat(javas).extracting((step) -> String.valueOf(with(step).get("java-version"))).containsExactly("25", "17");
		Map<String, Object> run = steps.get(steps.size() - 1);
		assertThat(env(run)).containsExactly(Map.entry("JDK25_HOME", "${{ steps." + javas.get(0).get("id") + ".outputs.path }}"));
		assertThat(Files.readString(MarkdownPages.root().resolve(".ci/run"))).contains("JDK25_HOME");
	}

	@Test
	void releaseRunsTheDocumentedCommandOnVTagsWithTheDocumentedSecrets() throws IOException {
		Map<String, Object> release = workflow("release.yml");
		assertThat(triggers(release)).containsOnlyKeys("push");
		assertThat(map(triggers(release).get("push"))).containsExactly(Map.entry("tags", List.of("v*")));
		List<Map<String, Object>> steps = steps(release);
		String command = documentedCommand(MarkdownPages.lines(releasing()));
		assertThat(runs(steps)).containsExactly(VERSION_STEP, command);
		assertThat(command).contains("\"$VERSION\"");

		List<String> secrets = documentedSecrets(MarkdownPages.lines(releasing()));
		assertThat(secrets).contains("MAVEN_GPG_KEY", "MAVEN_GPG_PASSPHRASE");
		Map<String, String> expected = new LinkedHashMap<>();
		secrets.forEach((secret) -> expected.put(secret, "${{ secrets." + secret + " }}"));
		Map<String, Object> releaseStep = steps.get(steps.size() - 1);
		assertThat(env(releaseStep)).containsExactlyInAnyOrderEntriesOf(expected);

		// the token reaches the publishing plugin as server `central`, read from the two variables the dry run sets
		Map<String, Object> java = steps.stream()
			.filter((step) -> String.valueOf(step.get("uses")).startsWith("actions/setup-java@"))
			.findFirst()
			.orElseThrow();
		assertThat(with(java)).containsEntry("distribution", "temurin")
			.containsEntry("java-version", "17")
			.containsEntry("server-id", "central");
		String username = String.valueOf(with(java).get("server-username"));
		String password = String.valueOf(with(java).get("server-password"));
		assertThat(secrets).contains(username, password);
		Path root = MarkdownPages.root();
		assertThat(Files.readString(root.resolve("pom.xml"))).contains("<publishingServerId>central</publishingServerId>");
		assertThat(Files.readString(root.resolve("scripts/release-dry-run.sh")))
			.contains("<username>${env." + username + "}</username>", "<password>${env." + password + "}</password>");
		assertThat(Files.readString(root.resolve("scripts/release.sh"))).contains("MAVEN_GPG_KEY", "MAVEN_GPG_PASSPHRASE");
	}

	@Test
	void theDocumentedCommandIsTheOneReleaseLineOfThePagesBashBlocks() {
		List<String> page = List.of("# Releasing", "```bash", "VERSION=0.1.0", "bash scripts/release.sh \"$VERSION\"", "```",
				"`bash scripts/release.sh 0.1.0 -Dx=y` in prose is an example", "```bash",
				"bash scripts/release-dry-run.sh", "```");
		assertThat(documentedCommand(page)).isEqualTo("bash scripts/release.sh \"$VERSION\"");
		List<String> twice = new ArrayList<>(page);
		twice.addAll(List.of("```bash", "bash scripts/release.sh 0.2.0", "```"));
		assertThatIllegalStateException().isThrownBy(() -> documentedCommand(twice)).withMessageContaining("2 release commands");
		assertThat(documentedSecrets(List.of("## Secrets", "| name | what |", "| --- | --- |", "| `A_KEY` | a |",
				"| `B` | b |", "## Next", "| `C` | not a secret |"))).containsExactly("A_KEY", "B");
	}

	/** The one line of docs/releasing.md's bash blocks that runs scripts/release.sh. */
	static String documentedCommand(List<String> page) {
		List<String> commands = new ArrayList<>();
		boolean bash = false;
		for (String line : page) {
			if (line.strip().startsWith("```")) {
				bash = !bash && line.strip().equals("```bash");
			}
			else if (bash && RELEASE_COMMAND.matcher(line.strip()).matches()) {
				commands.add(line.strip());
			}
		}
		if (commands.size() != 1) {
			throw new IllegalStateException("docs/releasing.md has " + commands.size() + " release commands in its bash"
					+ " blocks, not one: " + commands);
		}
		return commands.get(0);
	}

	/** The names in the first column of the table under docs/releasing.md's "Secrets" heading. */
	static List<String> documentedSecrets(List<String> page) {
		List<String> secrets = new ArrayList<>();
		boolean inSection = false;
		for (String line : page) {
			if (line.startsWith("## ")) {
				inSection = line.equals("## Secrets");
			}
			Matcher row = SECRET_ROW.matcher(line);
			if (inSection && row.matches()) {
				secrets.add(row.group(1));
			}
		}
		return secrets;
	}

	private static Path releasing() {
		return MarkdownPages.root().resolve("docs/releasing.md");
	}

	private static Map<String, Object> workflow(String name) throws IOException {
		return new Yaml().load(Files.readString(MarkdownPages.root().resolve(".github/workflows/" + name)));
	}

	/** The workflow's {@code on:}, which YAML 1.1 (SnakeYAML, unlike GitHub) reads as the key {@code true}. */
	private static Map<String, Object> triggers(Map<String, Object> workflow) {
		Object on = workflow.containsKey("on") ? workflow.get("on") : ((Map<?, ?>) workflow).get(Boolean.TRUE);
		return map(on);
	}

	/** The steps of the workflow's one job. */
	private static List<Map<String, Object>> steps(Map<String, Object> workflow) {
		Map<String, Object> jobs = map(workflow.get("jobs"));
		assertThat(jobs).hasSize(1);
		@SuppressWarnings("unchecked")
		List<Map<String, Object>> steps = (List<Map<String, Object>>) map(jobs.values().iterator().next()).get("steps");
		return steps;
	}

	private static List<String> runs(List<Map<String, Object>> steps) {
		return steps.stream().filter((step) -> step.containsKey("run")).map((step) -> String.valueOf(step.get("run")).strip()).toList();
	}

	private static Map<String, Object> with(Map<String, Object> step) {
		return map(step.get("with"));
	}

	private static Map<String, Object> env(Map<String, Object> step) {
		return map(step.get("env"));
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Object value) {
		return (value instanceof Map<?, ?>) ? (Map<String, Object>) value : Map.of();
	}

}
