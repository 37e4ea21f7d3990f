package io.github.idgen.autoconfigure.segment;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentStoreException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Checks at start-up that the segment tags an application names up front (business number codes,
 * {@code @IdgenId(tag = …)} mappings) exist, once every bean is made (the segment table created, an
 * application's own tags inserted): without it the first id answered 500, long after a start that
 * promised a good configuration. A store that cannot tell which tags exist is not asked, and one that
 * cannot be reached now only gets a warning: an outage is no bad configuration, and these ids wait for
 * the store as every segment id does.
 */
public final class SegmentTagsCheck implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(SegmentTagsCheck.class);

	private final SegmentStore store;

	private final String namers;

	private final Supplier<Map<String, String>> namedTags;

	/**
	 * Creates a check.
	 * @param store the store to ask
	 * @param namers what names the tags, for the warning when the store cannot be asked
	 * @param namedTags each tag to check by what names it, such as {@code xxx.common.codes.invoice.tag}
	 */
	public SegmentTagsCheck(SegmentStore store, String namers, Supplier<Map<String, String>> namedTags) {
		this.store = store;
		this.namers = namers;
		this.namedTags = namedTags;
	}

	@Override
	public void afterSingletonsInstantiated() {
		Map<String, String> missing = new LinkedHashMap<>();
		try {
			this.namedTags.get().forEach((namer, tag) -> {
				if (!missing.containsValue(tag) && !this.store.hasTag(tag)) {
					missing.put(namer, tag);
				}
			});
		}
		catch (UnsupportedOperationException ex) {
			return;
		}
		catch (SegmentStoreException ex) {
			logger.warn("Could not check that the segment tags of " + this.namers + " exist: " + ex.getMessage());
			return;
		}
		if (!missing.isEmpty()) {
			throw new MissingSegmentTagsException(missing, this.store);
		}
	}

}
