package io.github.idgen.server.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;

import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless {@code chromium} driven through its {@code chromedriver}, both named by their
 * paths so that Selenium Manager downloads nothing; one browser for a test class, one console page
 * of one server in it.
 */
final class ConsoleBrowser implements AutoCloseable {

	static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private final ChromeDriver driver;

	private final String origin;

	private ConsoleBrowser(ChromeDriver driver, String origin) {
		this.driver = driver;
		this.origin = origin;
	}

	/**
	 * Starts the browser for the server on this port.
	 * @param port the server's port on 127.0.0.1
	 * @return the browser, on no page yet
	 * @throws IllegalStateException naming the install script if chromium or its driver is missing
	 */
	static ConsoleBrowser start(int port) {
		if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
			throw new IllegalStateException("The console's browser tests need Debian's chromium (" + CHROMIUM
					+ ") and chromium-driver (" + CHROMEDRIVER + "): run 'bash scripts/install-test-databases.sh' as root"
					+ " (or apt-get install -y chromium chromium-driver)");
		}
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
				"--no-first-run", "--disable-extensions", "--disable-background-networking", "--window-size=1500,1200");
		LoggingPreferences logs = new LoggingPreferences();
		logs.enable(LogType.BROWSER, Level.ALL);
		options.setCapability("goog:loggingPrefs", logs);
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.build();
		ChromeDriver driver = new ChromeDriver(service, options);
		driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(10));
		driver.manage().window().setSize(new Dimension(1500, 1200));
		return new ConsoleBrowser(driver, "http://127.0.0.1:" + port);
	}

	String origin() {
		return this.origin;
	}

	/** Opens the console afresh: no token in this tab's storage. */
	void open() {
		// what an earlier page logged is read and dropped
		browserLog();
		this.driver.get(this.origin + "/console/");
		script("sessionStorage.clear()");
		this.driver.navigate().refresh();
		// the first answers came: a prompt for a token, or (on Actuator's own port) the figures
		waitUntil(() -> !find("message").getText().isEmpty() || dataShown());
	}

	void enterToken(String token) {
		WebElement field = find("token");
		field.clear();
		field.sendKeys(token);
		this.driver.findElement(By.cssSelector("#token-form button[type=submit]")).click();
	}

	WebElement find(String id) {
		return this.driver.findElement(By.id(id));
	}

	List<WebElement> all(String css) {
		return this.driver.findElements(By.cssSelector(css));
	}

	/** The text of a tag's cell in the tags table, such as {@code idsLeft}; "" if the tag has no row. */
	String tagCell(String tag, String name) {
		return text("#tags tr[data-tag='" + tag + "'] td[data-name='" + name + "']");
	}

	/**
	 * The text of the first element a selector finds, "" if none; read in the page in one step, since
	 * the page replaces its tables at every refresh.
	 */
	String text(String css) {
		return (String) script("const found = document.querySelector(arguments[0]); return found ? found.textContent : ''",
				css);
	}

	/** The cells of the records table, row by row, read in one step. */
	@SuppressWarnings("unchecked")
	List<List<String>> rows() {
		return (List<List<String>>) script("return [...document.querySelectorAll('#rows tbody tr')]"
				+ ".map((row) => [...row.cells].map((cell) => cell.textContent))");
	}

	boolean dataShown() {
		return find("data").isDisplayed();
	}

	Object script(String script, Object... arguments) {
		return ((JavascriptExecutor) this.driver).executeScript(script, arguments);
	}

	/** Every URL the page fetched, itself and its resources, from the Performance API. */
	@SuppressWarnings("unchecked")
	List<String> fetchedUrls() {
		return (List<String>) script("return [location.href].concat(performance.getEntriesByType('navigation')"
				+ ".concat(performance.getEntriesByType('resource')).map((entry) => entry.name))");
	}

	String currentUrl() {
		return this.driver.getCurrentUrl();
	}

	String sessionToken() {
		return (String) script("return sessionStorage.getItem('idgen.console.token')");
	}

	String cookies() {
		return (String) script("return document.cookie");
	}

	List<LogEntry> browserLog() {
		return this.driver.manage().logs().get(LogType.BROWSER).getAll();
	}

	void waitUntil(BooleanSupplier condition) {
		new WebDriverWait(this.driver, Duration.ofSeconds(15), Duration.ofMillis(100))
			.until((driver) -> condition.getAsBoolean());
	}

	/**
	 * Takes a screenshot of the whole page: always to {@code target/console.png}, and to {@code docs/images/console.png}
	 * with {@code -Dconsole.screenshot=docs} (docs/console.md says so).
	 */
	void screenshot() {
		// the whole page, the chart at its foot included: the window grows to the page's height, plus
		// what the browser's frame takes of the window
		Dimension window = this.driver.manage().window().getSize();
		long frame = window.getHeight() - ((Number) script("return window.innerHeight")).longValue();
		long page = ((Number) script("return document.documentElement.scrollHeight")).longValue();
		this.driver.manage().window().setSize(new Dimension(window.getWidth(), (int) (page + frame)));
		byte[] png;
		try {
			png = ((TakesScreenshot) this.driver).getScreenshotAs(OutputType.BYTES);
		}
		finally {
			this.driver.manage().window().setSize(window);
		}
		try {
			Files.write(Path.of("target", "console.png"), png);
			if ("docs".equals(System.getProperty("console.screenshot"))) {
				Path docs = Path.of("..", "docs", "images");
				Files.createDirectories(docs);
				Files.write(docs.resolve("console.png"), png);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() {
		this.driver.quit();
	}

}
