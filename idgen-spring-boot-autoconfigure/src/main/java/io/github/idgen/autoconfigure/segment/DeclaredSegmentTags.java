package io.github.idgen.autoconfigure.segment;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.idgen.autoconfigure.LegacyMaximum;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentTagCreation;
import io.github.idgen.segment.SegmentTagSettings;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * Creates the segment tags declared under {@code xxx.common.segment-tags} that the store does not have,
 * once the store (and its table) is there and before the {@code SegmentIdServices} bean and the checks
 * of the tags that codes and {@code @IdgenId} mappings name: a fresh database serves them on the first
 * start, without an operator's {@code INSERT}. A tag that exists is never changed (instances of
 * different versions or configurations must not undo each other's or an operator's changes); when its
 * settings differ from the declaration, a WARN says how.
 */
public final class DeclaredSegmentTags implements InitializingBean {

	private static final Log logger = LogFactory.getLog(DeclaredSegmentTags.class);

	private final SegmentStore store;

	private final Map<String, SegmentTagProperties> declared;

	private final @Nullable LegacyMaximum legacy;

	/**
	 * Creates the bean.
	 * @param store where the tags are created
	 * @param declared the declarations by tag, checked when bound
	 * @param legacy what runs a declaration's {@code ids-above-query}, null where no declaration has one
	 */
	public DeclaredSegmentTags(SegmentStore store, Map<String, SegmentTagProperties> declared,
			@Nullable LegacyMaximum legacy) {
		this.store = store;
		// in the order of the configuration, for the log
		this.declared = new LinkedHashMap<>(declared);
		this.legacy = legacy;
	}

	@Override
	public void afterPropertiesSet() {
		this.declared.forEach((tag, declaration) -> create(tag, settings(tag, declaration)));
	}

	private SegmentTagSettings settings(String tag, SegmentTagProperties declaration) {
		SegmentTagSettings settings = declaration.toSettings();
		String query = declaration.getIdsAboveQuery();
		if (query == null || this.legacy == null) {
			return settings;
		}
		String key = "xxx.common.segment-tags." + tag + ".ids-above-query";
		Long above = this.legacy.read(key, query);
		if (above == null || above <= 0) {
			return settings;
		}
		if (above >= settings.maxLimitId()) {
			throw new InvalidConfigurationPropertyValueException(key, query, key + " = " + query + " returned " + above
					+ ", which leaves the tag no id below its max-limit-id " + settings.maxLimitId()
					+ ". Raise max-limit-id, or use another tag");
		}
		logger.info(key + " = " + query + " returned " + above + ": segment tag '" + tag
				+ "', if it is created now, starts above it");
		return settings.withIdsAbove(above);
	}

	private void create(String tag, SegmentTagSettings settings) {
		String key = "xxx.common.segment-tags." + tag;
		SegmentTagCreation creation;
		try {
			creation = this.store.createTag(tag, settings);
		}
		catch (UnsupportedOperationException | IllegalStateException ex) {
			throw new InvalidConfigurationPropertyValueException("xxx.common.segment-tags",
					this.declared.keySet().stream().sorted().collect(Collectors.joining(", ")),
					key + " declares segment tag '" + tag + "', but " + ex.getMessage() + ". Create the tag where the store's"
							+ " records are kept (idgen-server: in its own xxx.common.segment-tags), or remove the declaration");
		}
		if (creation.created()) {
			logger.info("Created segment tag '" + tag + "' in " + this.store.describe() + " as " + key + " declares");
		}
		else if (!creation.isAlike()) {
			logger.warn("Segment tag '" + tag + "' exists in " + this.store.describe() + " with other settings than " + key
					+ " declares: " + creation.differences().stream().map(Object::toString).collect(Collectors.joining(", "))
					+ ". It is left as it is (idgen never changes an existing tag): change the row, or the declaration");
		}
	}

}
