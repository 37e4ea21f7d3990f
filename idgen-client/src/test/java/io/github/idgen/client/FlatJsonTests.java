package io.github.idgen.client;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link FlatJson}: the scalar members of one object, strictly.
 */
class FlatJsonTests {

	@Test
	void readsARange() {
		assertThat(FlatJson.read("{\"tag\":\"orders\",\"first\":\"1001\",\"last\":\"2000\",\"rowStep\":1000,"
				+ "\"maxLimitId\":\"9223372036854775807\"}"))
			.containsExactlyInAnyOrderEntriesOf(Map.of("tag", "orders", "first", "1001", "last", "2000", "rowStep",
					"1000", "maxLimitId", "9223372036854775807"));
	}

	@Test
	void unescapesStringsSkipsContainersAndNulls() {
		assertThat(FlatJson.read(" { \"detail\" : \"a \\\"b\\\" \\\\ \\u00e9\\n\", \"nested\": {\"x\": [1, \"}\"]},"
				+ " \"list\": [], \"none\": null, \"ok\": true } "))
			.containsExactlyInAnyOrderEntriesOf(Map.of("detail", "a \"b\" \\ \u00e9\n", "ok", "true"));
		assertThat(FlatJson.read("{}")).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "[]", "{\"a\":1", "{\"a\" 1}", "{\"a\":1}x", "<html>", "{\"a\":\"\\x\"}", "{a:1}" })
	void refusesWhatIsNotOneObject(String text) {
		assertThatIllegalArgumentException().isThrownBy(() -> FlatJson.read(text)).withMessageStartingWith("not a JSON object");
	}

}
