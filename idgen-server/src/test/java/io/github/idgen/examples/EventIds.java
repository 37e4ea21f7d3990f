package io.github.idgen.examples;

import java.util.Set;

import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.SnowflakeLayout;

/** docs/layouts.md's example of named generators. */
final class EventIds {

	private EventIds() {
	}

	static Set<String> use(IdGenerators generators) {
		// tag::use[]
		// generators: the IdGenerators bean
		long id = generators.get("js").nextId();          // UnknownGeneratorException for a name none has
		SnowflakeLayout layout = generators.layout("js"); // to take its ids apart
		Set<String> names = generators.names();
		// end::use[]
		layout.decompose(id);
		return names;
	}

}
