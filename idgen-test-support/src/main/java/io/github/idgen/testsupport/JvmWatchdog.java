package io.github.idgen.testsupport;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Kills a test's server when the JVM ends: shutdown hooks do not run when the JVM is killed or halted
 * (Surefire halts a forked JVM that does not exit in time), and a server must never outlive its tests.
 */
final class JvmWatchdog {

	private JvmWatchdog() {
	}

	/**
	 * Starts a shell that waits for this JVM to end, then runs a command and deletes a directory.
	 * @param killCommand a shell command that kills the server however it was started
	 * @param directory the server's directory
	 * @throws IOException if the shell cannot be started
	 */
	static void killWhenThisJvmEnds(String killCommand, Path directory) throws IOException {
		String script = "while kill -0 " + ProcessHandle.current().pid() + " 2>/dev/null; do sleep 1; done; "
				+ killCommand + "; rm -rf '" + directory + "'";
		new ProcessBuilder("sh", "-c", script).redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
	}

}
