package io.github.idgen.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the tests find the servers' programs: where Debian installs them, else on the PATH, so that
 * the suite runs where the servers come from another distribution or Homebrew.
 */
class ServerProgramsTests {

	@Test
	void aProgramMissingFromItsDebianPathIsFoundOnThePath() {
		Path sh = DatabaseServer.program("sh", "/no/such/debian/path/sh");
		assertThat(sh).isNotNull();
		assertThat(Files.isExecutable(sh)).isTrue();
		assertThat(sh.getFileName()).hasToString("sh");
	}

	@Test
	void theDebianPathComesFirst() {
		Path sh = DatabaseServer.program("no-such-program-on-the-path", "/bin/sh");
		assertThat(sh).isEqualTo(Path.of("/bin/sh"));
	}

	@Test
	void aProgramInNeitherPlaceIsNotFound() {
		assertThat(DatabaseServer.program("no-such-program-on-the-path", null)).isNull();
	}

}
