package io.github.idgen.sample;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.autoconfigure.segment.ConditionalOnSegmentStore;
import io.github.idgen.autoconfigure.segment.SegmentStoreType;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.sample.DemoSegmentTags.DemoTag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;

/**
 * Creates the demo's segment tags in Redis unless they exist ({@code xxx.common.segment-store=redis}),
 * as an operator would: an allocation never creates a tag. Creating one is a script that leaves an
 * existing tag alone, so instances starting at once cannot reset each other's counters.
 */
@Component
@ConditionalOnSwitch({ "xxx.common.segment-enabled", "sample.segment-demo-tags" })
@ConditionalOnSegmentStore(SegmentStoreType.REDIS)
class DemoRedisSegmentTags implements InitializingBean {

	private static final Logger logger = LoggerFactory.getLogger(DemoRedisSegmentTags.class);

	private final RedisSegmentStore store;

	DemoRedisSegmentTags(RedisSegmentStore store) {
		this.store = store;
	}

	@Override
	public void afterPropertiesSet() {
		for (DemoTag tag : DemoTag.ALL) {
			if (this.store.createTag(tag.tag(), 0, tag.step(), tag.maxLimitId(), tag.description())) {
				logger.info("Added demo segment tag '{}' (step {}) to {}", tag.tag(), tag.step(), this.store.describe());
			}
		}
	}

}
