package io.github.idgen.sql;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The network timeout of a borrowed connection is changed only when asked and different, and put
 * back as it was; a driver without one and a broken connection are no request's failure.
 */
class BorrowedConnectionsTests {

	private final List<Integer> timeoutsSet = new ArrayList<>();

	@Test
	void setsADifferentTimeoutAndReturnsTheOneBefore() throws SQLException {
		Connection connection = connection(3000, true);
		assertThat(BorrowedConnections.networkTimeout(connection, 5000)).isEqualTo(3000);
		assertThat(this.timeoutsSet).containsExactly(5000);
	}

	@Test
	void leavesAnEqualTimeoutAndANegativeRequestAlone() throws SQLException {
		Connection connection = connection(3000, true);
		assertThat(BorrowedConnections.networkTimeout(connection, 3000)).isEqualTo(3000);
		assertThat(BorrowedConnections.networkTimeout(connection, -1)).isEqualTo(3000);
		assertThat(this.timeoutsSet).isEmpty();
	}

	@Test
	void aDriverWithoutNetworkTimeoutGivesMinusOneWhichRestoresNothing() throws SQLException {
		Connection connection = connection(0, false);
		int before = BorrowedConnections.networkTimeout(connection, 5000);
		assertThat(before).isEqualTo(-1);
		assertThat(BorrowedConnections.networkTimeout(connection, before)).isEqualTo(-1);
		assertThat(this.timeoutsSet).isEmpty();
	}

	@Test
	void restoreOnABrokenConnectionIsSwallowed() {
		assertThatNoException().isThrownBy(() -> BorrowedConnections.restoreQuietly(() -> {
			throw new SQLException("connection is closed");
		}));
	}

	private Connection connection(int timeout, boolean supported) {
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				(proxy, method, args) -> {
					if (!supported) {
						throw new SQLFeatureNotSupportedException(method.getName());
					}
					return switch (method.getName()) {
						case "getNetworkTimeout" -> timeout;
						case "setNetworkTimeout" -> {
							this.timeoutsSet.add((Integer) args[1]);
							yield null;
						}
						default -> throw new UnsupportedOperationException(method.getName());
					};
				});
	}

}
