package io.github.idgen.lease;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The node ids a deployment leases from: bounds in order, not negative, at most
 * {@link NodeIdRange#MAX_SIZE} of them.
 */
class NodeIdRangeTests {

	@Test
	void holdsItsBoundsAndWhatLiesBetween() {
		NodeIdRange range = new NodeIdRange(32, 63);

		assertThat(range.size()).isEqualTo(32);
		assertThat(range.contains(32)).isTrue();
		assertThat(range.contains(63)).isTrue();
		assertThat(range.contains(64)).isFalse();
		assertThat(range).hasToString("32..63");
	}

	@Test
	void refusesBoundsOutOfOrderOrNegative() {
		assertThatIllegalArgumentException().isThrownBy(() -> new NodeIdRange(5, 4))
			.withMessage("A node id range needs 0 <= first <= last, was 5..4");
		assertThatIllegalArgumentException().isThrownBy(() -> new NodeIdRange(-1, 4))
			.withMessage("A node id range needs 0 <= first <= last, was -1..4");
	}

	@Test
	void refusesMoreNodeIdsThanALeaseLooksAt() {
		assertThat(new NodeIdRange(0, NodeIdRange.MAX_SIZE - 1).size()).isEqualTo(NodeIdRange.MAX_SIZE);
		assertThatIllegalArgumentException().isThrownBy(() -> new NodeIdRange(0, NodeIdRange.MAX_SIZE))
			.withMessage("A node id range holds at most 65536 node ids, 0..65536 holds 65537");
	}

}
