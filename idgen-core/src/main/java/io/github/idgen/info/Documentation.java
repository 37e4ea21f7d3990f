package io.github.idgen.info;

/**
 * Where idgen's user documentation is hosted. Messages and failure analyses link to its pages by this
 * address rather than by a path: an application that depends on idgen's jars has no {@code docs/}
 * folder to look in.
 */
public final class Documentation {

	/** Address of the documentation's folder, ending in a slash. */
	public static final String BASE = "https://github.com/idgen/idgen/blob/main/docs/";

	private Documentation() {
	}

	/**
	 * Returns the address of a page.
	 * @param page the page's file name, such as {@code segments.md}
	 * @return its address
	 */
	public static String page(String page) {
		return BASE + page;
	}

	/**
	 * Returns the address of a section of a page.
	 * @param page the page's file name, such as {@code segments.md}
	 * @param anchor the section's anchor as GitHub derives it from its heading
	 * @return its address
	 */
	public static String section(String page, String anchor) {
		return BASE + page + "#" + anchor;
	}

}
