package io.github.idgen.examples;

import java.util.List;

import io.github.idgen.snowflake.IdServiceTwitter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The values docs/readable-ids.md's example states in its comments. */
class ReadableIdsTests {

	@Test
	void theExampleWritesAndReadsWhatItsCommentsSay() {
		List<Object> results = ReadableIds.fromCode(IdServiceTwitter.builder().workerId(7).build());
		assertThat(results.get(0)).isEqualTo("ord_2Wu1XpwiWn3");
		assertThat(results.get(1)).isEqualTo(2124017990742663169L);
		@SuppressWarnings("unchecked")
		List<String> next = (List<String>) results.get(2);
		assertThat(next).hasSize(3).allMatch((text) -> text.matches("ord_[0-9A-Za-z]{11}")).isSorted();
		assertThat(results.get(3)).isEqualTo(2124017990742663169L);
	}

}
