package io.github.idgen.examples;

import java.util.List;

import io.github.idgen.codes.Codes;

/** docs/business-numbers.md's example. */
final class OrderNumbers {

	private OrderNumbers() {
	}

	static List<String> use(Codes codes) {
		// tag::use[]
		// codes: the Codes bean, the codes of xxx.common.codes.*
		String orderNo = codes.get("orders").next();          // ORD20261125000001
		List<String> batch = codes.get("orders").next(100);   // 100 numbers of one day, increasing
		// end::use[]
		return List.of(orderNo, batch.get(0));
	}

}
