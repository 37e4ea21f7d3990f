package io.github.idgen.examples;

import io.github.idgen.snowflake.IdService;
import io.github.idgen.text.IdTextCodec;
import io.github.idgen.text.IdTextService;

/** docs/readable-ids.md's "From code", as the page shows it. */
final class ReadableIds {

	private ReadableIds() {
	}

	/** Returns what the example's comments say: the text, the id read back, and the next three as text. */
	static Object[] fromCode(IdService idService) {
		// tag::from-code[]
		IdTextCodec orders = IdTextCodec.base62().withPrefix("ord_");
		String text = orders.encode(2124017990742663169L);   // "ord_2Wu1XpwiWn3"
		long id = orders.decode("ord_2Wu1XpwiWn3");          // 2124017990742663169

		IdTextService orderIds = new IdTextService(idService, orders);
		orderIds.nextId();       // "ord_2X0GILMo2YC": the next id of idService, as text
		orderIds.nextIds(3);     // three texts, increasing
		orderIds.decode(text);   // the long to look up
		// end::from-code[]
		return new Object[] { text, id, orderIds.nextIds(3), orderIds.decode(text) };
	}

}
