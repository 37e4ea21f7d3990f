package io.github.idgen.server.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.server.observation.DefaultServerRequestObservationConvention;
import org.springframework.http.server.observation.ServerRequestObservationContext;

/**
 * Spring MVC's {@code http.server.requests} observation (its {@code uri} is the endpoint's pattern)
 * with one more key, {@code idgen.tag}: the segment tag, business number or generator a request
 * asked for. So that a caller cannot grow the meters without bound by asking for made-up tags, a
 * tag is named only once it answered (2xx or 409 exhausted), and from then on also in its errors;
 * anything else is {@value #OTHER}, requests that name no tag {@value #NONE}, and those of the
 * default generator {@value #DEFAULT}. A name that is one of these three, or starts with
 * {@value #ESCAPE}, is shown with {@value #ESCAPE} before it ({@code _other}), so that no tag,
 * code or generator ever shares a series with them.
 */
public class TaggedServerRequestObservationConvention extends DefaultServerRequestObservationConvention {

	static final String KEY = "idgen.tag";

	static final String OTHER = "other";

	static final String NONE = "none";

	static final String DEFAULT = "default";

	static final String ESCAPE = "_";

	/** Request attribute the endpoints set, through {@link #mark} and {@link #markDefaultGenerator}. */
	private static final String TAG_ATTRIBUTE = TaggedServerRequestObservationConvention.class.getName() + ".tag";

	/** The attribute's value for the default generator: no name can be it. */
	private static final Object DEFAULT_GENERATOR = new Object();

	private static final KeyValue OTHER_TAG = KeyValue.of(KEY, OTHER);

	private static final KeyValue NONE_TAG = KeyValue.of(KEY, NONE);

	private static final KeyValue DEFAULT_TAG = KeyValue.of(KEY, DEFAULT);

	/** Names that answered, with what the metrics call them: made once per name, not per request. */
	private final Map<String, KeyValue> answered = new ConcurrentHashMap<>();

	/**
	 * Marks a request with the tag, business number or named generator it asked for.
	 * @param request the request
	 * @param name the name asked for
	 */
	public static void mark(HttpServletRequest request, String name) {
		request.setAttribute(TAG_ATTRIBUTE, name);
	}

	/**
	 * Marks a request as served by the default generator.
	 * @param request the request
	 */
	public static void markDefaultGenerator(HttpServletRequest request) {
		request.setAttribute(TAG_ATTRIBUTE, DEFAULT_GENERATOR);
	}

	/**
	 * Spring's keys and {@value #KEY}, in one set (Spring's own and one more would be sorted and merged
	 * twice, for every request).
	 */
	@Override
	public KeyValues getLowCardinalityKeyValues(ServerRequestObservationContext context) {
		return KeyValues.of(exception(context), tag(context), method(context), outcome(context), status(context),
				uri(context));
	}

	private KeyValue tag(ServerRequestObservationContext context) {
		Object marked = context.getCarrier().getAttribute(TAG_ATTRIBUTE);
		if (marked == DEFAULT_GENERATOR) {
			return DEFAULT_TAG;
		}
		if (!(marked instanceof String name)) {
			return NONE_TAG;
		}
		KeyValue label = this.answered.get(name);
		if (label != null) {
			return label;
		}
		HttpServletResponse response = context.getResponse();
		int status = (response != null) ? response.getStatus() : 0;
		if ((status >= 200 && status < 300) || status == 409) {
			return this.answered.computeIfAbsent(name, (answeredName) -> KeyValue.of(KEY, label(answeredName)));
		}
		return OTHER_TAG;
	}

	static String label(String name) {
		boolean escaped = name.equals(OTHER) || name.equals(NONE) || name.equals(DEFAULT) || name.startsWith(ESCAPE);
		return escaped ? ESCAPE + name : name;
	}

}
