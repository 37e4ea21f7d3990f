package io.github.idgen.server.api;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

import jakarta.servlet.http.HttpServletRequest;

import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.server.metrics.TaggedServerRequestObservationConvention;
import io.github.idgen.snowflake.IdService;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * What every endpoint asks for, in one place: Snowflake ids by generator key, segment ids and
 * ranges by tag. Each call marks the request with its tag for the metrics.
 */
@Component
class Ids {

	private final Generators generators;

	/** Null on a server without segment ids. Looked up once: a lookup per request costs microseconds. */
	private final @Nullable SegmentIdServices segments;

	private final @Nullable SegmentStore store;

	Ids(Generators generators, ObjectProvider<SegmentIdServices> segments, ObjectProvider<SegmentStore> store) {
		this.generators = generators;
		this.segments = segments.getIfAvailable();
		this.store = store.getIfAvailable();
	}

	IdService generator(String key, HttpServletRequest request) {
		Generators.Generator generator = this.generators.forKey(key);
		request.setAttribute(TaggedServerRequestObservationConvention.TAG_ATTRIBUTE, generator.name());
		return generator.idService();
	}

	long snowflakeId(String key, HttpServletRequest request) {
		return generator(key, request).nextId();
	}

	IdService segment(String tag, HttpServletRequest request) {
		request.setAttribute(TaggedServerRequestObservationConvention.TAG_ATTRIBUTE, tag);
		return required(this.segments).forTag(tag);
	}

	long segmentId(String tag, HttpServletRequest request) {
		return segment(tag, request).nextId();
	}

	List<String> segmentIds(String tag, int count, HttpServletRequest request) {
		return strings(segment(tag, request).nextIds(count));
	}

	SegmentRange range(String tag, @Nullable Integer size, @Nullable Integer step, HttpServletRequest request) {
		request.setAttribute(TaggedServerRequestObservationConvention.TAG_ATTRIBUTE, tag);
		SegmentStore store = required(this.store);
		return (size != null) ? store.allocateExactly(tag, size) : store.allocate(tag, Objects.requireNonNull(step));
	}

	static List<String> strings(Collection<Long> ids) {
		return ids.stream().map(String::valueOf).toList();
	}

	private static <T> T required(@Nullable T segmentsPart) {
		if (segmentsPart == null) {
			throw new SegmentsOffException();
		}
		return segmentsPart;
	}

}
