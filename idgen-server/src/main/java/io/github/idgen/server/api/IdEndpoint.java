package io.github.idgen.server.api;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;

/**
 * The endpoints a caller asks once per id, each with the pattern Spring MVC maps it by (the
 * {@code uri} of its metrics) and the call that issues its id: the same calls as the controllers'.
 */
enum IdEndpoint {

	LEAF_SEGMENT("/api/segment/get/{key}", "/api/segment/get/", "", true) {
		@Override
		long nextId(Ids ids, String key, HttpServletRequest request) {
			// Leaf's {key} is the tag; ?key= is the text whose shard the id carries, as on /v1
			return ids.segmentId(key, request);
		}
	},

	LEAF_SNOWFLAKE("/api/snowflake/get/{key}", "/api/snowflake/get/", "", true) {
		@Override
		long nextId(Ids ids, String key, HttpServletRequest request) {
			return Ids.nextId(ids.generator(key, request), request);
		}
	},

	DEFAULT_GENERATOR("/v1/ids/next", "/v1/ids/next", "", false) {
		@Override
		long nextId(Ids ids, String name, HttpServletRequest request) {
			return Ids.nextId(ids.defaultGenerator(request), request);
		}
	},

	NAMED_GENERATOR("/v1/generators/{name}/next", "/v1/generators/", "/next", false) {
		@Override
		long nextId(Ids ids, String name, HttpServletRequest request) {
			return Ids.nextId(ids.namedGenerator(name, request), request);
		}
	},

	SEGMENT_TAG("/v1/segments/{tag}/next", "/v1/segments/", "/next", false) {
		@Override
		long nextId(Ids ids, String tag, HttpServletRequest request) {
			return ids.segmentId(tag, request);
		}
	};

	/** {@code values()} copies its array at every call, and this is asked once per id request. */
	private static final IdEndpoint[] ENDPOINTS = values();

	private final String pattern;

	private final String prefix;

	private final String suffix;

	private final boolean leaf;

	IdEndpoint(String pattern, String prefix, String suffix, boolean leaf) {
		this.pattern = pattern;
		this.prefix = prefix;
		this.suffix = suffix;
		this.leaf = leaf;
	}

	/**
	 * Spring MVC's pattern of the endpoint.
	 * @return such as {@code /v1/segments/{tag}/next}
	 */
	String pattern() {
		return this.pattern;
	}

	/**
	 * Whether it is one of Leaf's endpoints: those answer every method with {@code text/plain},
	 * whatever the {@code Accept} header asks, as Leaf's server does.
	 * @return true for Leaf's two
	 */
	boolean leaf() {
		return this.leaf;
	}

	/**
	 * Issues the endpoint's id.
	 * @param ids the server's ids
	 * @param name the path's tag, key or generator name, empty for the default generator
	 * @param request the request, for its {@code ?shard=} and {@code ?key=} and its metrics' mark
	 * @return the id
	 */
	abstract long nextId(Ids ids, String name, HttpServletRequest request);

	/**
	 * The endpoint a path is exactly, as Spring MVC would match it.
	 * @param path the path within the application, not decoded; it holds no {@code %} and no {@code ;}
	 * (Spring MVC decodes those and strips path parameters, and such requests are left to it)
	 * @return the endpoint and the name in its path, or null if the path is none of them
	 */
	static @Nullable Match match(String path) {
		for (IdEndpoint endpoint : ENDPOINTS) {
			String name = endpoint.name(path);
			if (name != null) {
				return new Match(endpoint, name);
			}
		}
		return null;
	}

	private @Nullable String name(String path) {
		if (!path.startsWith(this.prefix) || !path.endsWith(this.suffix)
				|| path.length() < this.prefix.length() + this.suffix.length()) {
			return null;
		}
		String name = path.substring(this.prefix.length(), path.length() - this.suffix.length());
		if (this.prefix.equals(this.pattern)) {
			return name.isEmpty() ? name : null;
		}
		// a path variable: one segment of the path, not empty
		return (name.isEmpty() || name.indexOf('/') >= 0) ? null : name;
	}

	/**
	 * An endpoint and the tag, key or name its path holds.
	 * @param endpoint the endpoint
	 * @param name the path's name, empty for {@code /v1/ids/next}
	 */
	record Match(IdEndpoint endpoint, String name) {
	}

}
