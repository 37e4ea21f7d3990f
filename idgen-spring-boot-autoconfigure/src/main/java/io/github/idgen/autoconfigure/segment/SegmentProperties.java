package io.github.idgen.autoconfigure.segment;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.autoconfigure.CommonProperties;
import io.github.idgen.autoconfigure.PropertyChecks;
import io.github.idgen.segment.SegmentSettings;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import static io.github.idgen.autoconfigure.PropertyChecks.requireAtLeast;

/**
 * Segment ids, under {@code xxx.common.segment-*} (the prefix {@link CommonProperties} shares). Validates
 * itself when bound and segment ids are on, so a bad value stops start-up with a message naming the
 * property.
 */
@ConfigurationProperties("xxx.common")
public class SegmentProperties implements Validator {

	private static final int MAX_TAG_LENGTH = 128;

	/**
	 * Whether to offer segment ids: dense, increasing ids per business tag, allocated from the segment
	 * store in ranges and served from memory (SegmentIdServices bean).
	 */
	private boolean segmentEnabled;

	/**
	 * Where the ranges come from: 'jdbc', the segment table in the application's DataSource, or
	 * 'redis', one hash per tag on Spring Boot's Redis connection ('spring.data.redis.*').
	 */
	private SegmentStoreType segmentStore = SegmentStoreType.JDBC;

	/**
	 * Table of the segment tags of the 'jdbc' store, one row per tag, optionally schema-qualified
	 * (schema.table).
	 */
	private String segmentTable = "idgen_segment";

	/**
	 * Tag column of the segment table. Any other than 'tag' names a table idgen did not create, such
	 * as Leaf's ('segment-table: leaf_alloc' with 'biz_tag'): idgen reads its columns once at start-up,
	 * uses only those it has, reads max_id as Leaf does (the next id to issue), never creates or alters
	 * that table and creates no tags in it.
	 */
	private String segmentTagColumn = "tag";

	/**
	 * When to create the segment table at start-up if it does not exist: 'always', 'embedded'
	 * (embedded databases such as H2 only) or 'never' (the table is managed elsewhere, for example
	 * by Flyway or Liquibase).
	 */
	private SchemaInitialization segmentInitializeSchema = SchemaInitialization.EMBEDDED;

	/**
	 * Share of a range, from 0 up to but excluding 1, that is used before the next range is loaded
	 * in the background.
	 */
	private double segmentPreloadRatio = 0.1;

	/**
	 * How long an id request that finds no id in memory waits for the next range before it fails
	 * with SegmentIdsUnavailableException (HTTP 503 in a web layer).
	 */
	private Duration segmentWaitTimeout = Duration.ofSeconds(1);

	/**
	 * Largest step the dynamic step grows to; a row's own step is the smallest and wins if larger.
	 */
	private int segmentMaxStep = 1_000_000;

	/**
	 * How long one range should last: a range used up faster doubles the next step, one that lasted
	 * more than twice as long halves it.
	 */
	private Duration segmentStepDuration = Duration.ofMinutes(15);

	/**
	 * Least time between two allocation attempts of a tag after one failed, at least 10ms: how long
	 * a tag waits before it asks a store that failed, or answered that the tag is unknown or
	 * exhausted, again.
	 */
	private Duration segmentRetryInterval = Duration.ofMillis(100);

	/**
	 * Longest time one range allocation waits for the store. JDBC: in whole seconds, the statements'
	 * query timeout, and one second more the connection's network timeout. Redis: the script with its
	 * wait for the replicas, which takes half of it at most. An allocation that takes longer (a
	 * connection gone silent, a row lock held by a stalled instance) fails as a store error and is
	 * tried again, instead of stopping the tag until TCP gives up.
	 */
	private Duration segmentAllocationTimeout = Duration.ofSeconds(5);

	/**
	 * Segment tags to create at start-up when the store has none of that name, by tag (1 to 128
	 * characters; in brackets if it holds a '.' or ':', such as [orders:eu]), each under
	 * xxx.common.segment-tags.<tag>: 'step' (required: how many ids one range takes at least),
	 * 'ids-above' (the largest id already used: the first id is one above it; 0 unless set) or
	 * 'ids-above-query' (one SQL query returning it, run at start-up), 'max-limit-id'
	 * (the largest id the tag may issue; no limit unless set), 'description' (up to 256 characters), and
	 * the composition 'business-id', 'business-bits' and 'shard-bits' (0 unless set: plain ids; the
	 * segment table needs their columns). A tag that exists is never changed; when its settings differ
	 * from the declaration a log line says how.
	 */
	private Map<String, SegmentTagProperties> segmentTags = new LinkedHashMap<>();

	public boolean isSegmentEnabled() {
		return this.segmentEnabled;
	}

	public void setSegmentEnabled(boolean segmentEnabled) {
		this.segmentEnabled = segmentEnabled;
	}

	public SegmentStoreType getSegmentStore() {
		return this.segmentStore;
	}

	public void setSegmentStore(SegmentStoreType segmentStore) {
		this.segmentStore = segmentStore;
	}

	public String getSegmentTable() {
		return this.segmentTable;
	}

	public void setSegmentTable(String segmentTable) {
		this.segmentTable = segmentTable;
	}

	public String getSegmentTagColumn() {
		return this.segmentTagColumn;
	}

	public void setSegmentTagColumn(String segmentTagColumn) {
		this.segmentTagColumn = segmentTagColumn;
	}

	/**
	 * Says whether the segment table is one idgen did not create (a tag column other than 'tag').
	 * @return whether schema initialization and tag creation stay away from it
	 */
	public boolean isForeignSegmentTable() {
		return !"tag".equalsIgnoreCase(this.segmentTagColumn);
	}

	public SchemaInitialization getSegmentInitializeSchema() {
		return this.segmentInitializeSchema;
	}

	public void setSegmentInitializeSchema(SchemaInitialization segmentInitializeSchema) {
		this.segmentInitializeSchema = segmentInitializeSchema;
	}

	public double getSegmentPreloadRatio() {
		return this.segmentPreloadRatio;
	}

	public void setSegmentPreloadRatio(double segmentPreloadRatio) {
		this.segmentPreloadRatio = segmentPreloadRatio;
	}

	public Duration getSegmentWaitTimeout() {
		return this.segmentWaitTimeout;
	}

	public void setSegmentWaitTimeout(Duration segmentWaitTimeout) {
		this.segmentWaitTimeout = segmentWaitTimeout;
	}

	public int getSegmentMaxStep() {
		return this.segmentMaxStep;
	}

	public void setSegmentMaxStep(int segmentMaxStep) {
		this.segmentMaxStep = segmentMaxStep;
	}

	public Duration getSegmentStepDuration() {
		return this.segmentStepDuration;
	}

	public void setSegmentStepDuration(Duration segmentStepDuration) {
		this.segmentStepDuration = segmentStepDuration;
	}

	public Duration getSegmentRetryInterval() {
		return this.segmentRetryInterval;
	}

	public void setSegmentRetryInterval(Duration segmentRetryInterval) {
		this.segmentRetryInterval = segmentRetryInterval;
	}

	public Duration getSegmentAllocationTimeout() {
		return this.segmentAllocationTimeout;
	}

	public void setSegmentAllocationTimeout(Duration segmentAllocationTimeout) {
		this.segmentAllocationTimeout = segmentAllocationTimeout;
	}

	public Map<String, SegmentTagProperties> getSegmentTags() {
		return this.segmentTags;
	}

	public void setSegmentTags(Map<String, SegmentTagProperties> segmentTags) {
		this.segmentTags = segmentTags;
	}

	/**
	 * Returns the segment settings these properties describe.
	 * @return the settings
	 */
	public SegmentSettings toSegmentSettings() {
		return new SegmentSettings(this.segmentPreloadRatio, this.segmentWaitTimeout, this.segmentMaxStep,
				this.segmentStepDuration, this.segmentRetryInterval);
	}

	@Override
	public boolean supports(Class<?> clazz) {
		return SegmentProperties.class.isAssignableFrom(clazz);
	}

	@Override
	public void validate(Object target, Errors errors) {
		SegmentProperties properties = (SegmentProperties) target;
		if (properties.segmentEnabled) {
			properties.validateSegment(errors);
		}
		// also for a store of idgen-server's, which refuses them by name
		properties.validateSegmentTags(errors);
	}

	private void validateSegmentTags(Errors errors) {
		this.segmentTags.forEach((tag, declared) -> {
			String key = "xxx.common.segment-tags." + tag;
			String problem = (tag.isBlank() || tag.length() > MAX_TAG_LENGTH)
					? key + " names a tag of " + tag.length() + " characters, but a tag has 1 to " + MAX_TAG_LENGTH + "."
					: declared.problem(key);
			if (problem != null) {
				errors.reject("segmentTag", problem);
			}
		});
	}

	private void validateSegment(Errors errors) {
		if (this.segmentTable == null || !PropertyChecks.TABLE_NAME.matcher(this.segmentTable).matches()) {
			errors.rejectValue("segmentTable", "format", "xxx.common.segment-table must be a plain SQL table name"
					+ " (letters, digits and _, optionally schema.table), such as 'idgen_segment', was '"
					+ this.segmentTable + "'.");
		}
		if (this.segmentTagColumn == null || !PropertyChecks.COLUMN_NAME.matcher(this.segmentTagColumn).matches()) {
			errors.rejectValue("segmentTagColumn", "format", "xxx.common.segment-tag-column must be a plain SQL column"
					+ " name (a letter or _, then letters, digits and _, at most 64), such as 'tag' or Leaf's 'biz_tag',"
					+ " was '" + this.segmentTagColumn + "'.");
		}
		else if (isForeignSegmentTable() && this.segmentInitializeSchema == SchemaInitialization.ALWAYS) {
			errors.rejectValue("segmentInitializeSchema", "foreign", "xxx.common.segment-initialize-schema=always"
					+ " creates idgen's own table, whose tag column is 'tag', but xxx.common.segment-tag-column is '"
					+ this.segmentTagColumn + "', a table idgen did not create and never creates or alters: remove"
					+ " segment-initialize-schema (or set it to never) and create the table as its owner does.");
		}
		if (!(this.segmentPreloadRatio >= 0 && this.segmentPreloadRatio < 1)) {
			errors.rejectValue("segmentPreloadRatio", "range", "xxx.common.segment-preload-ratio must be at least 0"
					+ " and below 1, such as 0.1 (load the next range once 10 % of the current one is used), was "
					+ this.segmentPreloadRatio + ".");
		}
		if (this.segmentMaxStep < 1) {
			errors.rejectValue("segmentMaxStep", "range", "xxx.common.segment-max-step must be at least 1, was "
					+ this.segmentMaxStep + ".");
		}
		requireAtLeast(errors, "segmentWaitTimeout", "xxx.common.segment-wait-timeout", this.segmentWaitTimeout,
				Duration.ZERO);
		requireAtLeast(errors, "segmentStepDuration", "xxx.common.segment-step-duration", this.segmentStepDuration,
				Duration.ofMillis(1));
		if (this.segmentRetryInterval.compareTo(SegmentSettings.MIN_RETRY_INTERVAL) < 0) {
			errors.rejectValue("segmentRetryInterval", "range", "xxx.common.segment-retry-interval must be at least "
					+ SegmentSettings.MIN_RETRY_INTERVAL.toMillis() + "ms, was " + this.segmentRetryInterval.toMillis()
					+ "ms: it is the pause before a tag asks a failing store again. Set it to "
					+ SegmentSettings.MIN_RETRY_INTERVAL.toMillis() + "ms or more (the default is 100ms).");
		}
		requireAtLeast(errors, "segmentAllocationTimeout", "xxx.common.segment-allocation-timeout",
				this.segmentAllocationTimeout, Duration.ofSeconds(1));
	}

}
