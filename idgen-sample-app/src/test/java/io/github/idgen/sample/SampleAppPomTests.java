package io.github.idgen.sample;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app's POM, which users copy from: Maven warns on every build, a first one included, that a
 * dependency declared twice "threatens the stability of your build".
 */
class SampleAppPomTests {

	@Test
	void declaresEachDependencyOnce() throws Exception {
		Element project = DocumentBuilderFactory.newInstance()
			.newDocumentBuilder()
			.parse(Path.of("pom.xml").toFile())
			.getDocumentElement();
		Element dependencies = (Element) project.getElementsByTagName("dependencies").item(0);
		NodeList declared = dependencies.getElementsByTagName("dependency");
		List<String> keys = new ArrayList<>();
		for (int i = 0; i < declared.getLength(); i++) {
			Element dependency = (Element) declared.item(i);
			// Maven's key: groupId:artifactId:type:classifier
			keys.add(text(dependency, "groupId") + ":" + text(dependency, "artifactId") + ":"
					+ text(dependency, "type", "jar") + ":" + text(dependency, "classifier", ""));
		}
		assertThat(keys).contains("io.github.idgen:idgen-spring-boot-starter:jar:").doesNotHaveDuplicates();
	}

	private static String text(Element dependency, String child) {
		return text(dependency, child, null);
	}

	private static String text(Element dependency, String child, String otherwise) {
		NodeList values = dependency.getElementsByTagName(child);
		return (values.getLength() > 0) ? values.item(0).getTextContent().strip() : otherwise;
	}

}
