package io.github.idgen.autoconfigure.codes;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentStoreException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Checks at start-up that the segment tag of every configured code exists, once every bean is made
 * (the segment table created, an application's own tags inserted): without it the first number
 * answered 500, long after a start that promised a good configuration. A store that cannot tell which
 * tags exist is not asked, and one that cannot be reached now only gets a warning: an outage is no bad
 * configuration, and the numbers wait for the store as segment ids do.
 */
class CodeTagsCheck implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(CodeTagsCheck.class);

	private final CodesProperties properties;

	private final SegmentStore store;

	CodeTagsCheck(CodesProperties properties, SegmentStore store) {
		this.properties = properties;
		this.store = store;
	}

	@Override
	public void afterSingletonsInstantiated() {
		Map<String, String> missing = new LinkedHashMap<>();
		try {
			this.properties.getCodes().forEach((name, code) -> {
				String tag = code.getTag();
				if (tag != null && !missing.containsValue(tag) && !this.store.hasTag(tag)) {
					missing.put(name, tag);
				}
			});
		}
		catch (UnsupportedOperationException ex) {
			return;
		}
		catch (SegmentStoreException ex) {
			logger.warn("Could not check that the segment tags of the business number codes exist: " + ex.getMessage());
			return;
		}
		if (!missing.isEmpty()) {
			throw new MissingCodeTagsException(missing, this.store);
		}
	}

}
