package io.github.idgen.client;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentIdsUnavailableException;
import io.github.idgen.segment.SegmentSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The client without Spring: {@link HttpSegmentStore} and the {@link SegmentIdServices} on it load,
 * link and run from a class path with every Spring jar taken out, as in a plain-Java application
 * (the module depends on idgen-core alone, which has no Spring either).
 */
class PlainJavaUseTests {

	@Test
	void runsWithoutAnySpringClass() throws Exception {
		try (URLClassLoader withoutSpring = new URLClassLoader(classPathWithoutSpring(),
				ClassLoader.getPlatformClassLoader())) {
			assertThatExceptionOfType(ClassNotFoundException.class)
				.isThrownBy(() -> withoutSpring.loadClass("org.springframework.core.SpringVersion"));
			@SuppressWarnings("unchecked")
			Callable<String> use = (Callable<String>) withoutSpring.loadClass(Use.class.getName())
				.getDeclaredConstructor()
				.newInstance();
			assertThat(use.call()).startsWith("No id of segment tag 'orders' left in memory and no new range from"
					+ " idgen-server http://127.0.0.1:1");
		}
	}

	private static URL[] classPathWithoutSpring() throws MalformedURLException {
		List<URL> urls = new ArrayList<>();
		for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
			if (!entry.contains(File.separator + "springframework" + File.separator)) {
				urls.add(Path.of(entry).toUri().toURL());
			}
		}
		return urls.toArray(URL[]::new);
	}

	/** What a plain-Java application does, loaded by the class loader without Spring. */
	public static final class Use implements Callable<String> {

		@Override
		public String call() {
			HttpSegmentStore store = HttpSegmentStore.builder()
				.servers(java.net.URI.create("http://127.0.0.1:1"))
				.timeout(Duration.ofMillis(200))
				.build();
			try (SegmentIdServices ids = new SegmentIdServices(store,
					SegmentSettings.DEFAULTS.withMaxWait(Duration.ofMillis(300)))) {
				ids.forTag("orders").nextId();
				return "an id without a server";
			}
			catch (SegmentIdsUnavailableException ex) {
				return ex.getMessage();
			}
		}

	}

}
