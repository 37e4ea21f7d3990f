package io.github.idgen.shard;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The shard of a text key is the same in Java, Python and Node: {@link Shards#crc32(String)} equals
 * Python's {@code zlib.crc32(key.encode("utf-8"))} and Node's {@code zlib.crc32(key)} for ASCII,
 * accented, CJK and emoji keys and the empty one.
 */
class ShardsCrossRuntimeTests {

	/**
	 * The keys and their CRC-32 as Python 3 and Node 20.20 computed them once, both giving these values:
	 * {@code python3 -c 'import zlib; print(zlib.crc32(key.encode("utf-8")))'} and
	 * {@code node -e 'console.log(require("zlib").crc32(key))'}.
	 */
	private static final Map<String, Long> COMPUTED_ELSEWHERE = new LinkedHashMap<>();

	static {
		COMPUTED_ELSEWHERE.put("", 0L);
		COMPUTED_ELSEWHERE.put("a", 3904355907L);
		COMPUTED_ELSEWHERE.put("alice", 663665735L);
		COMPUTED_ELSEWHERE.put("user-12345", 1876782478L);
		COMPUTED_ELSEWHERE.put("alice@example.com", 2583554601L);
		COMPUTED_ELSEWHERE.put("bj\u00f6rn", 894760063L);
		COMPUTED_ELSEWHERE.put("Zo\u00eb \u00dcn\u00efc\u00f6d\u00e9", 3201831397L);
		COMPUTED_ELSEWHERE.put("\u8a02\u55ae", 4119733139L);
		COMPUTED_ELSEWHERE.put("\u7528\u623742", 1047188724L);
		COMPUTED_ELSEWHERE.put("\uD83D\uDE80", 930863046L);
		COMPUTED_ELSEWHERE.put("emoji \uD83D\uDC69\u200D\uD83D\uDCBB key", 867653938L);
		COMPUTED_ELSEWHERE.put("0123456789abcdef", 1757737011L);
	}

	@Test
	void theCrc32OfEachKeyIsWhatPythonAndNodeComputed() {
		COMPUTED_ELSEWHERE.forEach((key, crc) -> {
			assertThat(Shards.crc32(key)).as(key).isEqualTo(crc);
			assertThat(Shards.ofKey(key, 10)).as(key).isEqualTo((int) (crc % 1024));
		});
	}

	@Test
	void pythonComputesTheSameCrc32Now(@TempDir Path directory) throws Exception {
		assertSameAs(directory, "python3", "-c", "import sys, zlib\n"
				+ "for key in open(sys.argv[1], encoding='utf-8').read().split('\\n'): print(zlib.crc32(key.encode('utf-8')))");
	}

	@Test
	void nodeComputesTheSameCrc32Now(@TempDir Path directory) throws Exception {
		assertSameAs(directory, "node", "-e", "const zlib = require('zlib');"
				+ " if (typeof zlib.crc32 !== 'function') { process.exit(3); }"
				+ " for (const key of require('fs').readFileSync(process.argv[1], 'utf8').split('\\n'))"
				+ " console.log(zlib.crc32(key));");
	}

	/** Runs the program on the keys, one a line, when the machine has it (Node: one with zlib.crc32, 20.15 on). */
	private static void assertSameAs(Path directory, String program, String... script) throws Exception {
		List<String> keys = new ArrayList<>(COMPUTED_ELSEWHERE.keySet());
		Path file = directory.resolve("keys.txt");
		Files.writeString(file, String.join("\n", keys), StandardCharsets.UTF_8);
		List<String> command = new ArrayList<>(List.of(program));
		command.addAll(List.of(script));
		command.add(file.toString());
		Process process;
		try {
			process = new ProcessBuilder(command).redirectErrorStream(true).start();
		}
		catch (IOException ex) {
			assumeTrue(false, program + " is not on this machine");
			return;
		}
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assumeTrue(process.exitValue() != 3, program + " has no zlib.crc32 (Node 20.15 or later has)");
		assertThat(process.exitValue()).as(output).isZero();
		List<String> lines = output.lines().toList();
		assertThat(lines).hasSize(keys.size());
		for (int i = 0; i < keys.size(); i++) {
			assertThat(Long.parseLong(lines.get(i).trim())).as(program + ": '" + keys.get(i) + "'")
				.isEqualTo(Shards.crc32(keys.get(i)));
		}
	}

}
