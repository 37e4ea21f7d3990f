package io.github.idgen.server.metrics;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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
 * anything else is {@code other}, and requests that name no tag {@code none}.
 */
public class TaggedServerRequestObservationConvention extends DefaultServerRequestObservationConvention {

	/** Request attribute the endpoints set to the tag (or generator name) asked for. */
	public static final String TAG_ATTRIBUTE = TaggedServerRequestObservationConvention.class.getName() + ".tag";

	static final String KEY = "idgen.tag";

	private final Set<String> answered = ConcurrentHashMap.newKeySet();

	@Override
	public KeyValues getLowCardinalityKeyValues(ServerRequestObservationContext context) {
		return super.getLowCardinalityKeyValues(context).and(KEY, tag(context));
	}

	private String tag(ServerRequestObservationContext context) {
		HttpServletRequest request = context.getCarrier();
		if (!(request.getAttribute(TAG_ATTRIBUTE) instanceof String tag)) {
			return "none";
		}
		HttpServletResponse response = context.getResponse();
		int status = (response != null) ? response.getStatus() : 0;
		if ((status >= 200 && status < 300) || status == 409) {
			// a read first: adding what is there locks a bin of the map on every request
			if (!this.answered.contains(tag)) {
				this.answered.add(tag);
			}
			return tag;
		}
		return this.answered.contains(tag) ? tag : "other";
	}

}
