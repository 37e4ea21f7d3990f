package io.github.idgen.examples;

import java.util.Collection;

import io.github.idgen.segment.SegmentIdServices;

/** docs/segments.md's example. */
final class CustomerIds {

	private CustomerIds() {
	}

	static int use(SegmentIdServices segments) {
		// tag::use[]
		long orderNo = segments.forTag("orders").nextId(); // segments: the SegmentIdServices bean
		Collection<Long> userIds = segments.forTag("users").nextIds(100);
		// end::use[]
		return (int) orderNo + userIds.size();
	}

}
