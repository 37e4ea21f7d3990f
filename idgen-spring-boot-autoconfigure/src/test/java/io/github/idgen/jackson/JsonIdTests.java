package io.github.idgen.jackson;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link JsonId} with a real Jackson 3 {@link JsonMapper}, on ids above 2^53, which JavaScript would
 * round.
 */
class JsonIdTests {

	/** An id as idgen issues them in 2026: far above 2^53. */
	private static final long ID = 2124017990742663169L;

	private static final long ANOTHER_ID = 2124017990742663170L;

	private final JsonMapper mapper = JsonMapper.builder().build();

	record Order(@JsonId long id, @JsonId Long parentId, @JsonId List<Long> lineIds, @JsonId Set<Long> tagIds,
			@JsonId Long[] boxed, long quantity) {
	}

	@Test
	void idsAboveTwoToThe53AreNotExactAsJavaScriptNumbers() {
		// what a browser's JSON.parse does with a number: an IEEE 754 double
		assertThat(ID).isGreaterThan(1L << 53);
		assertThat((long) (double) ID).isNotEqualTo(ID).isEqualTo(2124017990742663168L);
		assertThat(this.mapper.writeValueAsString(new Plain(ID))).isEqualTo("{\"id\":" + ID + "}");
	}

	@Test
	void writesIdsAsStrings() {
		Order order = new Order(ID, ANOTHER_ID, List.of(ID, ANOTHER_ID), Set.of(ID), new Long[] { ANOTHER_ID }, 3);
		assertThat(this.mapper.writeValueAsString(order)).isEqualTo("{\"id\":\"" + ID + "\",\"parentId\":\""
				+ ANOTHER_ID + "\",\"lineIds\":[\"" + ID + "\",\"" + ANOTHER_ID + "\"],\"tagIds\":[\"" + ID
				+ "\"],\"boxed\":[\"" + ANOTHER_ID + "\"],\"quantity\":3}");
	}

	@Test
	void writesANullIdAsNull() {
		Order order = new Order(ID, null, null, Set.of(), new Long[0], 0);
		assertThat(this.mapper.writeValueAsString(order)).contains("\"parentId\":null", "\"lineIds\":null",
				"\"tagIds\":[]");
	}

	@Test
	void readsIdsFromStrings() {
		Order order = this.mapper.readValue("{\"id\":\"" + ID + "\",\"parentId\":\"" + ANOTHER_ID + "\",\"lineIds\":[\""
				+ ID + "\"],\"tagIds\":[\"" + ANOTHER_ID + "\"],\"boxed\":[\"" + ID + "\"],\"quantity\":3}",
				Order.class);
		assertRead(order);
	}

	@Test
	void readsIdsFromNumbers() {
		Order order = this.mapper.readValue("{\"id\":" + ID + ",\"parentId\":" + ANOTHER_ID + ",\"lineIds\":[" + ID
				+ "],\"tagIds\":[" + ANOTHER_ID + "],\"boxed\":[" + ID + "],\"quantity\":3}",
				Order.class);
		assertRead(order);
	}

	@Test
	void roundTrips() {
		Order order = new Order(ID, ANOTHER_ID, List.of(ID), Set.of(ANOTHER_ID), new Long[] { ID }, 3);
		assertRead(this.mapper.readValue(this.mapper.writeValueAsString(order), Order.class));
	}

	private static void assertRead(Order order) {
		assertThat(order.id()).isEqualTo(ID);
		assertThat(order.parentId()).isEqualTo(ANOTHER_ID);
		assertThat(order.lineIds()).containsExactly(ID);
		assertThat(order.tagIds()).containsExactly(ANOTHER_ID);
		assertThat(order.boxed()).containsExactly(ID);
		assertThat(order.quantity()).isEqualTo(3);
	}

	@Test
	void primitiveLongArraysStayNumbers() {
		// Jackson's serializer of primitive arrays ignores the shape: the documented reason to use
		// List<Long> or Long[] for ids
		assertThat(this.mapper.writeValueAsString(new History(new long[] { ID }))).isEqualTo("{\"ids\":[" + ID + "]}");
	}

	@Test
	void springBootsJsonMapperWritesIdsAsStrings() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class))
			.run((context) -> {
				JsonMapper bootMapper = context.getBean(JsonMapper.class);
				assertThat(bootMapper.writeValueAsString(new Plain(ID))).isEqualTo("{\"id\":" + ID + "}");
				assertThat(bootMapper.writeValueAsString(new Order(ID, null, List.of(ANOTHER_ID), Set.of(), null, 1)))
					.startsWith("{\"id\":\"" + ID + "\",\"parentId\":null,\"lineIds\":[\"" + ANOTHER_ID + "\"]");
			});
	}

	record Plain(long id) {
	}

	record History(@JsonId long[] ids) {
	}

}
