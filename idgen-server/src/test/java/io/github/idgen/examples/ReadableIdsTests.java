package io.github.idgen.examples;

import java.util.Collection;
import java.util.List;

import io.github.idgen.snowflake.IdServiceTwitter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The values docs/readable-ids.md's example states in its comments. */
class ReadableIdsTests {

	@Test
	void theExampleWritesAndReadsWhatItsCommentsSay() {
		Object[] results = ReadableIds.fromCode(IdServiceTwitter.builder().workerId(7).build());
		assertThat(results[0]).isEqualTo("ord_2Wu1XpwiWn3");
		assertThat(results[1]).isEqualTo(2124017990742663169L);
		@SuppressWarnings("unchecked")
		Collection<String> next = (Collection<String>) results[2];
		assertThat(next).hasSize(3).allMatch((text) -> text.matches("ord_[0-9A-Za-z]{11}"));
		assertThat(List.copyOf(next)).isSorted();
		assertThat(results[3]).isEqualTo(2124017990742663169L);
	}

}
