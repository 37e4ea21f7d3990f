package io.github.idgen.jackson;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import io.github.idgen.jackson.JsonId.Format;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link JsonId} with a {@link JsonId#format()} of base62 or base36 and a prefix, with a real Jackson 3
 * {@link JsonMapper}: written as fixed-width text, read back only from it.
 */
class JsonIdShortFormTests {

	/** An id as idgen issues them in 2026. */
	private static final long ID = 2124017990742663169L;

	private static final String ID_62 = "2Wu1XpwiWn3";

	private static final String ID_36 = "0g4xxjef4syyp";

	private static final long OTHER_ID = 2124017990742663170L;

	private static final String OTHER_ID_62 = "2Wu1XpwiWn4";

	private static final String OTHER_ID_36 = "0g4xxjef4syyq";

	private final JsonMapper mapper = JsonMapper.builder().build();

	record Order(@JsonId(format = Format.BASE62, prefix = "ord_") long id,
			@JsonId(format = Format.BASE62, prefix = "ord_") Long parentId,
			@JsonId(format = Format.BASE36) List<Long> lineIds, @JsonId(format = Format.BASE62) SortedSet<Long> tagIds,
			@JsonId(format = Format.BASE62) Long[] boxed, @JsonId long decimalId, long quantity) {
	}

	private static final String ORDER_JSON = "{\"id\":\"ord_" + ID_62 + "\",\"parentId\":\"ord_" + OTHER_ID_62
			+ "\",\"lineIds\":[\"" + ID_36 + "\",\"" + OTHER_ID_36 + "\"],\"tagIds\":[\"" + ID_62 + "\",\"" + OTHER_ID_62
			+ "\"],\"boxed\":[\"" + OTHER_ID_62 + "\"],\"decimalId\":\"" + ID + "\",\"quantity\":3}";

	private static Order order() {
		return new Order(ID, OTHER_ID, List.of(ID, OTHER_ID), new TreeSet<>(Set.of(ID, OTHER_ID)),
				new Long[] { OTHER_ID }, ID, 3);
	}

	@Test
	void writesIdsAsTextOfTheirFormatAndPrefix() {
		assertThat(this.mapper.writeValueAsString(order())).isEqualTo(ORDER_JSON);
	}

	@Test
	void readsTheTextBack() {
		assertRead(this.mapper.readValue(ORDER_JSON, Order.class));
	}

	@Test
	void roundTrips() {
		assertRead(this.mapper.readValue(this.mapper.writeValueAsString(order()), Order.class));
	}

	private static void assertRead(Order order) {
		assertThat(order.id()).isEqualTo(ID);
		assertThat(order.parentId()).isEqualTo(OTHER_ID);
		assertThat(order.lineIds()).containsExactly(ID, OTHER_ID);
		assertThat(order.tagIds()).isInstanceOf(TreeSet.class).containsExactly(ID, OTHER_ID);
		assertThat(order.boxed()).containsExactly(OTHER_ID);
		assertThat(order.decimalId()).isEqualTo(ID);
		assertThat(order.quantity()).isEqualTo(3);
	}

	@Test
	void writesAndReadsNullsAsNull() {
		Order order = new Order(ID, null, null, null, null, ID, 0);
		String json = this.mapper.writeValueAsString(order);
		assertThat(json).contains("\"parentId\":null,\"lineIds\":null,\"tagIds\":null,\"boxed\":null");
		Order read = this.mapper.readValue(json, Order.class);
		assertThat(read.parentId()).isNull();
		assertThat(read.lineIds()).isNull();
		assertThat(this.mapper.readValue("{\"ids\":[\"" + ID_62 + "\",null]}", Batch.class).ids()).containsExactly(ID,
				null);
	}

	@Test
	void aNullForAPrimitiveIdIsTreatedAsJacksonTreatsPrimitives() {
		JsonMapper lenient = JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build();
		assertThat(lenient.readValue("{\"id\":null}", Single.class).id()).isZero();
		JsonMapper strict = JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build();
		assertThatExceptionOfType(MismatchedInputException.class)
			.isThrownBy(() -> strict.readValue("{\"id\":null}", Single.class));
	}

	@Test
	void refusesMalformedTextNamingThePropertyAndTheProblem() {
		assertThatExceptionOfType(InvalidFormatException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"id\":\"usr_" + ID_62 + "\"}", Single.class))
			.withMessageContaining("'usr_" + ID_62 + "' is not a base62 id with prefix 'ord_': it does not start with"
					+ " 'ord_'; expected 'ord_' and 11 characters of 0-9A-Za-z")
			.withMessageContaining("Single[\"id\"]");
		assertThatExceptionOfType(InvalidFormatException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"id\":\"ord_zzzzzzzzzzz\"}", Single.class))
			.withMessageContaining("it is above the largest id");
		assertThatExceptionOfType(InvalidFormatException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"id\":\"ord_%\"}", Single.class))
			.withMessageContaining("'ord_%' is not a base62 id with prefix 'ord_': it is too short");
	}

	@Test
	void refusesMalformedTextInAListNamingItsIndex() {
		assertThatExceptionOfType(InvalidFormatException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"ids\":[\"" + ID_62 + "\",\"" + ID_36 + "\"]}", Batch.class))
			.withMessageContaining("'" + ID_36 + "' is not a base62 id: it is too long (13 characters, not 11)")
			.withMessageContaining("Batch[\"ids\"]->java.util.ArrayList[1]");
	}

	@Test
	void refusesANumberWhereTextIsExpected() {
		assertThatExceptionOfType(MismatchedInputException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"id\":" + ID + "}", Single.class))
			.withMessageContaining("Expected an id as a JSON string of 15 characters (base62 with prefix 'ord_', such"
					+ " as \"ord_00000000000\"), not VALUE_NUMBER_INT");
	}

	@Test
	void aComposedAnnotationCarriesFormatAndPrefix() {
		String json = this.mapper.writeValueAsString(new Line(ID));
		assertThat(json).isEqualTo("{\"id\":\"lin-" + ID_36 + "\"}");
		assertThat(this.mapper.readValue(json, Line.class).id()).isEqualTo(ID);
	}

	@Test
	void worksOnFieldsAndAccessorsOfAJavaBean() {
		Bean bean = new Bean();
		bean.setId(ID);
		String json = this.mapper.writeValueAsString(bean);
		assertThat(json).isEqualTo("{\"id\":\"" + ID_62 + "\"}");
		assertThat(this.mapper.readValue(json, Bean.class).getId()).isEqualTo(ID);
	}

	@Test
	void anInvalidPrefixFailsWhenTheMapperMeetsTheClass() {
		assertThatExceptionOfType(InvalidDefinitionException.class)
			.isThrownBy(() -> this.mapper.writeValueAsString(new BadPrefix(ID)))
			.withMessageContaining("@JsonId on property 'id' of " + BadPrefix.class.getName() + ": Prefix 'ord' must"
					+ " end with '-', '.', '_' or '~'");
		assertThatExceptionOfType(InvalidDefinitionException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"id\":\"ord" + ID_62 + "\"}", BadPrefix.class))
			.withMessageContaining("Prefix 'ord' must end with");
	}

	@Test
	void aPrefixWithoutAShortFormatFails() {
		assertThatExceptionOfType(InvalidDefinitionException.class)
			.isThrownBy(() -> this.mapper.writeValueAsString(new DecimalPrefix(ID)))
			.withMessageContaining("@JsonId on property 'id' of " + DecimalPrefix.class.getName()
					+ " has a prefix, which needs format BASE62 or BASE36");
	}

	@Test
	void aShortFormatOnSomethingOtherThanLongsFails() {
		assertThatExceptionOfType(InvalidDefinitionException.class)
			.isThrownBy(() -> this.mapper.writeValueAsString(new NotAnId(3, "x", List.of("y"))))
			.withMessageContaining("@JsonId on property 'count' of " + NotAnId.class.getName()
					+ " writes ids as text (base62), but the property is int; it must be long, Long, a collection of Long"
					+ " or Long[] (not long[])");
		assertThatExceptionOfType(InvalidDefinitionException.class)
			.isThrownBy(() -> this.mapper.writeValueAsString(new PrimitiveArray(new long[] { ID })))
			.withMessageContaining("the property is long[]; it must be long, Long");
		assertThatExceptionOfType(InvalidDefinitionException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"ids\":[\"" + ID_62 + "\"]}", PrimitiveArray.class))
			.withMessageContaining("(not long[])");
	}

	@Test
	void springBootsJsonMapperRoundTrips() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class))
			.run((context) -> {
				JsonMapper bootMapper = context.getBean(JsonMapper.class);
				assertThat(bootMapper.writeValueAsString(order())).isEqualTo(ORDER_JSON);
				assertRead(bootMapper.readValue(ORDER_JSON, Order.class));
			});
	}

	record Single(@JsonId(format = Format.BASE62, prefix = "ord_") long id) {
	}

	record Batch(@JsonId(format = Format.BASE62) List<Long> ids) {
	}

	/** What an application may declare once per kind of id. */
	@Retention(RetentionPolicy.RUNTIME)
	@JacksonAnnotationsInside
	@JsonId(format = Format.BASE36, prefix = "lin-")
	@interface LineId {

	}

	record Line(@LineId long id) {
	}

	static class Bean {

		@JsonId(format = Format.BASE62)
		private long id;

		public long getId() {
			return this.id;
		}

		public void setId(long id) {
			this.id = id;
		}

	}

	record BadPrefix(@JsonId(format = Format.BASE62, prefix = "ord") long id) {
	}

	record DecimalPrefix(@JsonId(prefix = "ord_") long id) {
	}

	record NotAnId(@JsonId(format = Format.BASE62) int count, String name, List<String> names) {
	}

	record PrimitiveArray(@JsonId(format = Format.BASE62) long[] ids) {
	}

}
