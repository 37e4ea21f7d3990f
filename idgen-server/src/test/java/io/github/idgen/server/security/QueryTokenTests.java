package io.github.idgen.server.security;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.security.authentication.BadCredentialsException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The token of a query string as Tomcat would read the {@code token} parameter: percent-decoded, a
 * {@code '+'} a space; one at most; and nothing from anywhere but the query.
 */
class QueryTokenTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "token=abc|abc", "a=1&token=abc&b=2|abc", "%74oken=abc|abc",
			"token=a%2Bb%2Fc|a+b/c", "token=a+b|a b", "token=|''", "token|''", "count=1&%74%6F%6B%65%6E=x%20y|x y" })
	void readsTheTokenParameter(String query, String token) {
		assertThat(QueryToken.read(query)).isEqualTo(token);
	}

	@ParameterizedTest
	@ValueSource(strings = { "count=3", "tokens=x", "x=token", "Token=x", "%zz=x", "to+ken=x", "" })
	void findsNoTokenInAQueryWithout(String query) {
		assertThat(QueryToken.read(query)).isNull();
	}

	@Test
	void findsNoTokenWithoutAQuery() {
		assertThat(QueryToken.read(null)).isNull();
	}

	@Test
	void refusesTwoTokensWithoutNamingThem() {
		assertThatExceptionOfType(BadCredentialsException.class).isThrownBy(() -> QueryToken.read("token=a&%74oken=b"))
			.withMessage("The query has more than one token parameter");
	}

	@Test
	void refusesATokenThatCannotBeDecodedWithoutRepeatingIt() {
		assertThatExceptionOfType(BadCredentialsException.class).isThrownBy(() -> QueryToken.read("token=secret%zz"))
			.withMessageNotContaining("secret");
	}

}
