package io.github.idgen.autoconfigure.startup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.idgen.snowflake.IdService;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's JDBC-mode snippet, as a new user copies it: that YAML alone, on a fresh real PostgreSQL
 * and a fresh real MariaDB, starts an application that leases a worker id and issues ids (the snippet
 * without its schema setting stopped start-up there, the lease table being created only on embedded
 * databases).
 */
class ReadmeJdbcSnippetApplicationTests {

	private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL);

	@TempDir
	Path directory;

	@Test
	void theSnippetAloneStartsOnAFreshPostgres() throws IOException {
		try (PostgresServer postgres = new PostgresServer()) {
			postgres.start();
			startsAndIssuesIds(postgres);
		}
	}

	@Test
	void theSnippetAloneStartsOnAFreshMariaDb() throws IOException {
		try (MariaDbServer mariadb = new MariaDbServer()) {
			mariadb.start();
			startsAndIssuesIds(mariadb);
		}
	}

	private void startsAndIssuesIds(DatabaseServer database) throws IOException {
		Path snippet = this.directory.resolve("application.yml");
		Files.writeString(snippet, jdbcSnippet());
		SpringApplication application = new SpringApplication(StartupApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		try (ConfigurableApplicationContext context = application.run(
				"--spring.config.location=file:" + snippet, "--spring.datasource.url=" + database.jdbcUrl(),
				"--spring.datasource.username=" + database.username(),
				"--spring.datasource.password=" + database.password(),
				ConfigurationKeysApplicationTests.NO_SPRING_CLOUD_CHECK)) {
			IdService ids = context.getBean(IdService.class);
			List<Long> issued = List.of(ids.nextId(), ids.nextId());
			assertThat(issued).doesNotHaveDuplicates().allSatisfy((id) -> assertThat(id).isPositive());
		}
	}

	/** The README's YAML block that turns JDBC mode on. */
	private static String jdbcSnippet() throws IOException {
		String readme = Files.readString(Path.of("..", "README.md"));
		Matcher block = YAML_BLOCK.matcher(readme);
		while (block.find()) {
			if (block.group(1).contains("jdbc-enabled: true")) {
				return block.group(1);
			}
		}
		throw new AssertionError("README.md has no YAML block with jdbc-enabled: true");
	}

}
