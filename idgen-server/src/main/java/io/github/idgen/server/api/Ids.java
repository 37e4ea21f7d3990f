package io.github.idgen.server.api;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import io.github.idgen.codes.BusinessNumbers;
import io.github.idgen.codes.Codes;
import io.github.idgen.codes.UnknownCodeException;
import io.github.idgen.segment.SegmentIdService;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentTagCreation;
import io.github.idgen.segment.SegmentTagSettings;
import io.github.idgen.server.metrics.TaggedServerRequestObservationConvention;
import io.github.idgen.snowflake.IdService;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * What every endpoint asks for, in one place: Snowflake generators by key or name, segment ids and
 * ranges by tag, business numbers by code. Each call marks the request with its tag for the metrics.
 */
@Component
class Ids {

	private final Generators generators;

	/** Null on a server without segment ids. Looked up once: a lookup per request costs microseconds. */
	private final @Nullable SegmentIdServices segments;

	private final @Nullable SegmentStore store;

	/** Null without segment ids: every code is then unknown. */
	private final @Nullable Codes codes;

	/** The range endpoint's calls at the store, bounded per tag. */
	private final StoreCallsPerTag storeCalls;

	Ids(Generators generators, ObjectProvider<SegmentIdServices> segments, ObjectProvider<SegmentStore> store,
			ObjectProvider<Codes> codes, StoreCallsPerTag storeCalls) {
		this.generators = generators;
		this.storeCalls = storeCalls;
		this.segments = segments.getIfAvailable();
		this.store = store.getIfAvailable();
		this.codes = codes.getIfAvailable();
	}

	/** Leaf's generator lookup: the generator the key names, the default one for any other key. */
	Generators.Generator generator(String key, HttpServletRequest request) {
		return marked(this.generators.forKey(key), request);
	}

	/** A named generator, or {@code UnknownGeneratorException} (404). */
	Generators.Generator namedGenerator(String name, HttpServletRequest request) {
		// marked before the lookup: an unknown name counts as "other", as an unknown tag does
		TaggedServerRequestObservationConvention.mark(request, name);
		return this.generators.named(name);
	}

	Generators.Generator defaultGenerator(HttpServletRequest request) {
		return marked(this.generators.defaultGenerator(), request);
	}

	private Generators.Generator marked(Generators.Generator generator, HttpServletRequest request) {
		// the generator, never the key asked for: unknown keys add no series
		if (generator == this.generators.defaultGenerator()) {
			TaggedServerRequestObservationConvention.markDefaultGenerator(request);
		}
		else {
			TaggedServerRequestObservationConvention.mark(request, generator.name());
		}
		return generator;
	}

	/** The next id of a generator, for the shard of {@code ?shard=} or {@code ?key=} if its ids carry one. */
	static long nextId(Generators.Generator generator, HttpServletRequest request) {
		return generator.nextId(Parameters.shard(request, generator.shardBits(), generator.what()));
	}

	SegmentIdService segment(String tag, HttpServletRequest request) {
		TaggedServerRequestObservationConvention.mark(request, tag);
		return required(this.segments, tag).forTag(tag);
	}

	/** The next id of a tag, for the shard of {@code ?shard=} or {@code ?key=} if its ids carry one. */
	long segmentId(String tag, HttpServletRequest request) {
		SegmentIdService service = segment(tag, request);
		Integer asked = Parameters.shard(request, service.shardBits(), "segment tag '" + tag + "'");
		return (asked != null) ? service.nextId(asked) : service.nextId();
	}

	List<String> segmentIds(String tag, int count, HttpServletRequest request) {
		SegmentIdService service = segment(tag, request);
		Integer asked = Parameters.shard(request, service.shardBits(), "segment tag '" + tag + "'");
		return strings((asked != null) ? service.nextIds(asked, count) : service.nextIds(count));
	}

	SegmentRange range(String tag, @Nullable Integer size, @Nullable Integer step, HttpServletRequest request) {
		TaggedServerRequestObservationConvention.mark(request, tag);
		SegmentStore store = required(this.store, tag);
		return this.storeCalls.call(tag,
				() -> (size != null) ? store.allocateExactly(tag, size) : store.allocate(tag, Objects.requireNonNull(step)));
	}

	/**
	 * Creates a tag in the store, unless it exists. Not bounded like the range endpoint's calls: only
	 * tokens allowed to manage create tags, rarely, and racing ones must each get their answer.
	 */
	SegmentTagCreation createTag(String tag, SegmentTagSettings settings, HttpServletRequest request) {
		TaggedServerRequestObservationConvention.mark(request, tag);
		SegmentStore store = required(this.store, tag);
		try {
			return store.createTag(tag, settings);
		}
		catch (UnsupportedOperationException | IllegalStateException ex) {
			throw new TagNotCreatableException(tag, ex);
		}
	}

	/** A code by name, or {@code UnknownCodeException} (404). */
	BusinessNumbers code(String name, HttpServletRequest request) {
		// marked before the look-up: an unknown name counts as "other", as an unknown tag does
		TaggedServerRequestObservationConvention.mark(request, name);
		if (this.codes == null) {
			throw new UnknownCodeException(name, Set.of());
		}
		return this.codes.get(name);
	}

	static List<String> strings(Collection<Long> ids) {
		return ids.stream().map(String::valueOf).toList();
	}

	private static <T> T required(@Nullable T segmentsPart, String tag) {
		if (segmentsPart == null) {
			throw new SegmentsOffException(tag);
		}
		return segmentsPart;
	}

}
