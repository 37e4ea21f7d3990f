package io.github.idgen.starter;

import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The published library jars as the Java module system sees them: each names its module in its
 * manifest, no package is in two of them (the module system refuses a split package), and together
 * they resolve as modules. Runs after {@code package}, on the jars the build made.
 */
class LibraryJarsIT {

	/** Each library module's name, and a class file of it by which its jar is found. */
	private static final Map<String, String> MODULES = modules();

	private static Map<String, String> modules() {
		Map<String, String> modules = new LinkedHashMap<>();
		modules.put("io.github.idgen.core", "io/github/idgen/snowflake/IdService.class");
		modules.put("io.github.idgen.zookeeper", "io/github/idgen/cluster/ClusterDeploymentImpl.class");
		modules.put("io.github.idgen.jdbc", "io/github/idgen/jdbc/JdbcLeaseDeployment.class");
		modules.put("io.github.idgen.redis", "io/github/idgen/redis/RedisSegmentStore.class");
		modules.put("io.github.idgen.client", "io/github/idgen/client/HttpSegmentStore.class");
		modules.put("io.github.idgen.shardingsphere", "io/github/idgen/shardingsphere/IdgenShardingAlgorithm.class");
		modules.put("io.github.idgen.autoconfigure", "io/github/idgen/autoconfigure/CommonProperties.class");
		return modules;
	}

	@Test
	void everyLibraryJarNamesItsModuleInItsManifest() {
		MODULES.forEach((name, classFile) -> {
			ModuleDescriptor descriptor = descriptorOf(jarOf(classFile));
			assertThat(descriptor.name()).as("module of the jar holding %s", classFile).isEqualTo(name);
		});
		Path starter = Path.of(System.getProperty("idgen.starter.jar"));
		assertThat(descriptorOf(starter).name()).isEqualTo("io.github.idgen.starter");
	}

	@Test
	void noPackageIsInTwoLibraryJars() {
		Map<String, List<String>> modulesOfPackage = new TreeMap<>();
		for (String classFile : MODULES.values()) {
			ModuleDescriptor descriptor = descriptorOf(jarOf(classFile));
			for (String pkg : descriptor.packages()) {
				modulesOfPackage.computeIfAbsent(pkg, (key) -> new ArrayList<>()).add(descriptor.name());
			}
		}
		assertThat(modulesOfPackage).isNotEmpty().allSatisfy((pkg, modules) -> assertThat(modules).as(pkg).hasSize(1));
	}

	@Test
	void theLibraryJarsResolveTogetherAsModules() {
		Path[] jars = MODULES.values().stream().map(LibraryJarsIT::jarOf).toArray(Path[]::new);
		// automatic modules read each other: two that hold the same package fail this resolution
		Configuration configuration = Configuration.resolve(ModuleFinder.of(jars),
				List.of(ModuleLayer.boot().configuration()), ModuleFinder.of(), MODULES.keySet());
		assertThat(configuration.modules()).hasSize(MODULES.size());
	}

	private static Path jarOf(String classFile) {
		URL url = LibraryJarsIT.class.getClassLoader().getResource(classFile);
		assertThat(url).as(classFile + " on the test class path").isNotNull();
		if (!"jar".equals(url.getProtocol())) {
			fail(classFile + " comes from " + url + ", not from a jar: run this test through mvn verify, after package");
		}
		try {
			Path jar = Path.of(((JarURLConnection) url.openConnection()).getJarFileURL().toURI());
			assertThat(Files.isRegularFile(jar)).isTrue();
			return jar;
		}
		catch (Exception ex) {
			throw new IllegalStateException("Cannot find the jar of " + url, ex);
		}
	}

	private static ModuleDescriptor descriptorOf(Path jar) {
		Set<ModuleReference> found = ModuleFinder.of(jar).findAll();
		assertThat(found).as("modules in " + jar).hasSize(1);
		ModuleDescriptor descriptor = found.iterator().next().descriptor();
		assertThat(descriptor.isAutomatic()).as(jar + " is an automatic module").isTrue();
		return descriptor;
	}

}
