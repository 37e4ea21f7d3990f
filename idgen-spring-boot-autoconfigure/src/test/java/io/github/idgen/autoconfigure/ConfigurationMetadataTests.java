package io.github.idgen.autoconfigure;

import java.beans.PropertyDescriptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.autoconfigure.codes.CodeProperties;
import io.github.idgen.autoconfigure.segment.SegmentTagProperties;
import org.junit.jupiter.api.Test;

import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration metadata the build generates (META-INF/spring-configuration-metadata.json), which
 * IDEs show while users write application.yml: every enum key offers its values as users write them,
 * and the keys under a code's or a generator's name are described.
 */
class ConfigurationMetadataTests {

	private static final Path METADATA = Path.of("target/classes/META-INF/spring-configuration-metadata.json");

	@Test
	void everyEnumKeyOffersTheValuesUsersWrite() throws Exception {
		String metadata = Files.readString(METADATA);
		List<Map<String, Object>> properties = JsonPath.read(metadata, "$.properties[?(!@.deprecation)]");
		int enumKeys = 0;
		for (Map<String, Object> property : properties) {
			String name = (String) property.get("name");
			Class<?> type = typeOf((String) property.get("type"));
			if (!name.startsWith("xxx.common.") || type == null || !type.isEnum()) {
				continue;
			}
			enumKeys++;
			List<String> hinted = JsonPath.read(metadata, "$.hints[?(@.name == '" + name + "')].values[*].value");
			String[] values = Arrays.stream(type.getEnumConstants())
				.map((constant) -> LayoutKeys.kebab(((Enum<?>) constant).name()))
				.toArray(String[]::new);
			assertThat(hinted).as("the values hinted for %s", name).containsExactlyInAnyOrder(values);
		}
		assertThat(enumKeys).as("enum keys").isGreaterThanOrEqualTo(6);
	}

	@Test
	void theKeysUnderACodesNameAreDescribed() throws IOException {
		assertDescribesEveryKeyOf("xxx.common.codes", CodeProperties.class);
	}

	@Test
	void theKeysUnderAGeneratorsNameAreDescribed() throws IOException {
		assertDescribesEveryKeyOf("xxx.common.generators", GeneratorProperties.class);
	}

	@Test
	void theKeysUnderADeclaredSegmentTagAreDescribed() throws IOException {
		assertDescribesEveryKeyOf("xxx.common.segment-tags", SegmentTagProperties.class, "<tag>");
	}

	private static void assertDescribesEveryKeyOf(String map, Class<?> valueType) throws IOException {
		assertDescribesEveryKeyOf(map, valueType, "<name>");
	}

	private static void assertDescribesEveryKeyOf(String map, Class<?> valueType, String placeholder)
			throws IOException {
		String metadata = Files.readString(METADATA);
		List<String> descriptions = JsonPath.read(metadata, "$.properties[?(@.name == '" + map + "')].description");
		assertThat(descriptions).singleElement().satisfies((description) -> {
			assertThat(description).contains(map + "." + placeholder);
			for (PropertyDescriptor property : BeanUtils.getPropertyDescriptors(valueType)) {
				if (property.getWriteMethod() != null) {
					assertThat(description).contains("'" + DataObjectPropertyName.toDashedForm(property.getName()) + "'");
				}
			}
		});
		List<String> keyHints = JsonPath.read(metadata, "$.hints[?(@.name == '" + map + ".keys')].values[*].description");
		assertThat(keyHints).as("hints for the names under %s", map).isNotEmpty();
	}

	private static Class<?> typeOf(String name) {
		try {
			return ClassUtils.forName(name, ConfigurationMetadataTests.class.getClassLoader());
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return null;
		}
	}

}
