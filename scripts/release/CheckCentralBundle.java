import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import javax.xml.parsers.DocumentBuilderFactory;

/**
 * Checks a Central Portal bundle (the publishing plugin's central-bundle.zip) the way scripts/release-dry-run.sh
 * promises: every published module of the repository is in it (its pom; for a jar module also the jar, sources
 * and Javadoc jars), nothing else is (no module that sets maven.deploy.skip, never the benchmarks, the test
 * support or the sample app, no test jar, no stray file), every file has an .asc signature that gpg verifies as
 * made by the given public key and .md5 and .sha1 checksums that match, and every pom carries what the Portal
 * requires (name, description, url, licenses, developers, scm), itself or through the parent pom in the bundle.
 *
 * <p>{@code java CheckCentralBundle.java REPOSITORY_ROOT BUNDLE_ZIP PUBLIC_KEY_ASC}: prints what it checked and
 * exits 0, or prints every problem found and exits 1.
 */
public final class CheckCentralBundle {

	private static final String GROUP_PATH = "io/github/idgen/";

	private static final Set<String> NEVER_PUBLISHED = Set.of("idgen-benchmarks", "idgen-test-support",
			"idgen-sample-app");

	private static final Pattern ENTRY = Pattern.compile(
			Pattern.quote(GROUP_PATH) + "([^/]+)/([^/]+)/([^/]+)");

	private final List<String> problems = new ArrayList<>();

	public static void main(String[] args) throws Exception {
		if (args.length != 3) {
			System.err.println("usage: java CheckCentralBundle.java REPOSITORY_ROOT BUNDLE_ZIP PUBLIC_KEY_ASC");
			System.exit(2);
		}
		CheckCentralBundle check = new CheckCentralBundle();
		check.run(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]));
		if (!check.problems.isEmpty()) {
			System.out.println("release bundle " + args[1] + ": " + check.problems.size() + " problem(s)");
			check.problems.forEach(problem -> System.out.println("  - " + problem));
			System.exit(1);
		}
	}

	private void run(Path root, Path zip, Path publicKey) throws Exception {
		Map<String, Boolean> modules = publishedByModule(root);
		Map<String, byte[]> files = read(zip);
		Map<String, Map<String, byte[]>> byArtifact = new TreeMap<>();
		Set<String> versions = new TreeSet<>();
		for (Map.Entry<String, byte[]> file : files.entrySet()) {
			Matcher matcher = ENTRY.matcher(file.getKey());
			if (!matcher.matches() || !matcher.group(3).startsWith(matcher.group(1) + "-" + matcher.group(2))) {
				problems.add("a file outside io/github/idgen/ARTIFACT/VERSION/ARTIFACT-VERSION*: " + file.getKey());
				continue;
			}
			versions.add(matcher.group(2));
			byArtifact.computeIfAbsent(matcher.group(1), artifact -> new TreeMap<>()).put(matcher.group(3), file.getValue());
		}
		if (versions.size() != 1) {
			problems.add("the bundle should hold one version, it holds " + versions);
			return;
		}
		String version = versions.iterator().next();
		if (version.endsWith("-SNAPSHOT")) {
			problems.add("the bundle holds a snapshot (" + version + "); the Portal takes releases only");
		}
		Path unpacked = Files.createTempDirectory("central-bundle");
		Path gpgHome = Files.createTempDirectory("central-bundle-gpg");
		try {
			String fingerprint = importKey(gpgHome, publicKey);
			int signatures = 0;
			for (Map.Entry<String, Boolean> module : modules.entrySet()) {
				String artifact = module.getKey();
				Map<String, byte[]> own = byArtifact.remove(artifact);
				boolean published = module.getValue() && !NEVER_PUBLISHED.contains(artifact);
				if (!published) {
					if (own != null) {
						problems.add(artifact + " is not published (it sets maven.deploy.skip or is a test, benchmark"
								+ " or sample module), yet the bundle holds " + own.keySet());
					}
					continue;
				}
				if (own == null) {
					problems.add(artifact + " is published, but the bundle has no file of it");
					continue;
				}
				signatures += checkArtifact(artifact, version, own, isPom(root, artifact), unpacked, gpgHome, fingerprint);
				checkPom(artifact, version, own, byArtifact, files);
			}
			byArtifact.keySet().forEach(artifact -> problems.add("the bundle holds " + artifact
					+ ", which is no module of this repository"));
			if (problems.isEmpty()) {
				System.out.println("release bundle " + version + ": " + modules.entrySet().stream()
						.filter(module -> module.getValue() && !NEVER_PUBLISHED.contains(module.getKey())).count()
						+ " modules, " + files.size() + " files, " + signatures + " signatures verified with key "
						+ fingerprint + ", md5 and sha1 of every file, required pom elements present; left out: "
						+ modules.entrySet().stream().filter(module -> !module.getValue()).map(Map.Entry::getKey).toList()
						+ ", no test jar");
			}
		}
		finally {
			deleteTree(unpacked);
			deleteTree(gpgHome);
		}
	}

	/** Each module of the root pom (and the parent itself) with whether it is published, from maven.deploy.skip. */
	private static Map<String, Boolean> publishedByModule(Path root) throws Exception {
		Map<String, Boolean> modules = new LinkedHashMap<>();
		Element parent = parse(Files.readAllBytes(root.resolve("pom.xml")));
		modules.put(text(parent, "artifactId"), true);
		for (Element module : children(child(parent, "modules"), "module")) {
			Element pom = parse(Files.readAllBytes(root.resolve(module.getTextContent().trim()).resolve("pom.xml")));
			Element properties = child(pom, "properties");
			boolean skip = properties != null && "true".equals(text(properties, "maven.deploy.skip"));
			modules.put(text(pom, "artifactId"), !skip);
		}
		return modules;
	}

	private static boolean isPom(Path root, String artifact) throws Exception {
		Element parent = parse(Files.readAllBytes(root.resolve("pom.xml")));
		return artifact.equals(text(parent, "artifactId"));
	}

	private int checkArtifact(String artifact, String version, Map<String, byte[]> own, boolean pomOnly,
			Path unpacked, Path gpgHome, String fingerprint) throws Exception {
		String base = artifact + "-" + version;
		List<String> wanted = pomOnly ? List.of(base + ".pom")
				: List.of(base + ".pom", base + ".jar", base + "-sources.jar", base + "-javadoc.jar");
		Set<String> expected = new TreeSet<>();
		for (String file : wanted) {
			expected.add(file);
			expected.add(file + ".asc");
			expected.add(file + ".md5");
			expected.add(file + ".sha1");
		}
		for (String file : own.keySet()) {
			if (!expected.contains(file)) {
				problems.add(artifact + ": unexpected file " + file
						+ (file.contains("-tests") || file.contains("test-jar") ? " (a test jar)" : ""));
			}
		}
		int verified = 0;
		for (String file : wanted) {
			byte[] content = own.get(file);
			if (content == null) {
				problems.add(artifact + ": " + file + " is missing");
				continue;
			}
			checkChecksum(artifact, file, content, own.get(file + ".md5"), "MD5", ".md5");
			checkChecksum(artifact, file, content, own.get(file + ".sha1"), "SHA-1", ".sha1");
			byte[] signature = own.get(file + ".asc");
			if (signature == null) {
				problems.add(artifact + ": " + file + ".asc (the signature of " + file + ") is missing");
				continue;
			}
			Path data = Files.write(unpacked.resolve(file), content);
			Path asc = Files.write(unpacked.resolve(file + ".asc"), signature);
			String signer = verify(gpgHome, asc, data);
			if (!fingerprint.equals(signer)) {
				problems.add(artifact + ": " + file + ".asc does not verify against key " + fingerprint
						+ (signer == null ? "" : " (it was made by " + signer + ")"));
			}
			else {
				verified++;
			}
		}
		return verified;
	}

	private void checkChecksum(String artifact, String file, byte[] content, byte[] checksum, String algorithm,
			String suffix) throws NoSuchAlgorithmException {
		if (checksum == null) {
			problems.add(artifact + ": " + file + suffix + " is missing");
			return;
		}
		String expected = HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(content));
		String actual = new String(checksum, StandardCharsets.US_ASCII).trim().split("\\s+")[0].toLowerCase();
		if (!expected.equals(actual)) {
			problems.add(artifact + ": " + file + suffix + " says " + actual + ", the file's " + algorithm + " is " + expected);
		}
	}

	/** name and description of its own; url, licenses, developers and scm of its own or its parent's in the bundle. */
	private void checkPom(String artifact, String version, Map<String, byte[]> own,
			Map<String, Map<String, byte[]>> others, Map<String, byte[]> files) throws Exception {
		byte[] pomBytes = own.get(artifact + "-" + version + ".pom");
		if (pomBytes == null) {
			return;
		}
		Element pom = parse(pomBytes);
		Element parentPom = null;
		Element parentReference = child(pom, "parent");
		if (parentReference != null) {
			String parentArtifact = text(parentReference, "artifactId");
			byte[] parentBytes = files.get(GROUP_PATH + parentArtifact + "/" + version + "/" + parentArtifact + "-"
					+ version + ".pom");
			if (parentBytes == null) {
				problems.add(artifact + ": its parent " + parentArtifact + " " + version + " is not in the bundle");
			}
			else {
				parentPom = parse(parentBytes);
			}
		}
		for (String element : List.of("name", "description")) {
			if (text(pom, element) == null || text(pom, element).isBlank()) {
				problems.add(artifact + ": its pom has no <" + element + "> of its own");
			}
		}
		Map<String, String> inherited = new LinkedHashMap<>();
		inherited.put("url", "url");
		inherited.put("licenses", "licenses/license/name");
		inherited.put("developers", "developers/developer/name");
		inherited.put("scm url", "scm/url");
		inherited.put("scm connection", "scm/connection");
		inherited.put("scm developerConnection", "scm/developerConnection");
		for (Map.Entry<String, String> element : inherited.entrySet()) {
			if (path(pom, element.getValue()) == null && (parentPom == null || path(parentPom, element.getValue()) == null)) {
				problems.add(artifact + ": neither its pom nor its parent's has " + element.getKey() + " ("
						+ element.getValue() + ")");
			}
		}
	}

	private static String importKey(Path gpgHome, Path publicKey) throws Exception {
		run(gpgHome, List.of("--import", publicKey.toString()));
		String listing = run(gpgHome, List.of("--with-colons", "--list-keys"));
		for (String line : listing.split("\n")) {
			if (line.startsWith("fpr:")) {
				return line.split(":")[9];
			}
		}
		throw new IllegalStateException("no key in " + publicKey);
	}

	/** The fingerprint of the primary key of a good signature, or null. */
	private static String verify(Path gpgHome, Path asc, Path data) throws Exception {
		String status = run(gpgHome, List.of("--status-fd", "1", "--verify", asc.toString(), data.toString()));
		for (String line : status.split("\n")) {
			if (line.startsWith("[GNUPG:] VALIDSIG ")) {
				String[] fields = line.split(" ");
				return fields[fields.length - 1];
			}
		}
		return null;
	}

	private static String run(Path gpgHome, List<String> arguments) throws Exception {
		List<String> command = new ArrayList<>(List.of("gpg", "--homedir", gpgHome.toString(), "--batch", "--no-tty",
				"--quiet"));
		command.addAll(arguments);
		Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
		String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		process.waitFor(60, TimeUnit.SECONDS);
		return out;
	}

	private static Map<String, byte[]> read(Path zip) throws IOException {
		Map<String, byte[]> files = new TreeMap<>();
		try (InputStream in = Files.newInputStream(zip); ZipInputStream entries = new ZipInputStream(in)) {
			for (ZipEntry entry = entries.getNextEntry(); entry != null; entry = entries.getNextEntry()) {
				if (!entry.isDirectory()) {
					files.put(entry.getName(), entries.readAllBytes());
				}
			}
		}
		return files;
	}

	private static Element parse(byte[] xml) throws Exception {
		DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
		factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
		Document document = factory.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(xml));
		return document.getDocumentElement();
	}

	private static Element child(Element parent, String name) {
		if (parent == null) {
			return null;
		}
		for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
			if (node instanceof Element element && element.getTagName().equals(name)) {
				return element;
			}
		}
		return null;
	}

	private static List<Element> children(Element parent, String name) {
		List<Element> found = new ArrayList<>();
		if (parent != null) {
			for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
				if (node instanceof Element element && element.getTagName().equals(name)) {
					found.add(element);
				}
			}
		}
		return found;
	}

	private static String text(Element parent, String name) {
		Element element = child(parent, name);
		return element == null ? null : element.getTextContent().trim();
	}

	private static String path(Element root, String path) {
		Element element = root;
		for (String step : path.split("/")) {
			element = child(element, step);
		}
		return element == null || element.getTextContent().isBlank() ? null : element.getTextContent().trim();
	}

	private static void deleteTree(Path directory) throws IOException {
		try (var paths = Files.walk(directory)) {
			for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(path);
			}
		}
	}
}
