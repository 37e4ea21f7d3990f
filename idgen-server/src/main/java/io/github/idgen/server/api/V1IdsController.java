package io.github.idgen.server.api;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import io.github.idgen.autoconfigure.CommonProperties;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Snowflake ids of the default generator: one as text, a batch as JSON strings (JavaScript numbers
 * lose precision above 2^53), and an id taken apart.
 */
@RestController
@RequestMapping("/v1/ids")
class V1IdsController {

	private static final String DEFAULT = "default";

	private final Ids ids;

	private final SnowflakeLayout layout;

	V1IdsController(Ids ids, CommonProperties properties) {
		this.ids = ids;
		// the epoch the IdService issues with, so that timestamps come out right
		this.layout = SnowflakeLayout.TWITTER.withEpoch(properties.getIdEpoch());
	}

	@GetMapping(path = "/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(HttpServletRequest request) {
		return Long.toString(this.ids.snowflakeId(DEFAULT, request));
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@RequestParam(name = "count", required = false) @Nullable String count,
			HttpServletRequest request) {
		int num = Parameters.count(count);
		return Ids.strings(this.ids.generator(DEFAULT, request).nextIds(num));
	}

	@GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	IdDetails decompose(@PathVariable("id") String id) {
		return IdDetails.of(this.layout.decompose(Parameters.bounded("id", id, 0, Long.MAX_VALUE)));
	}

	/**
	 * An id taken apart; the id is a string for JavaScript clients, the timestamp ISO-8601.
	 *
	 * @param id the id
	 * @param timestamp when it was issued
	 * @param datacenterId its datacenter id
	 * @param workerId its worker id
	 * @param sequence its sequence within the millisecond
	 */
	record IdDetails(String id, String timestamp, int datacenterId, int workerId, int sequence) {

		static IdDetails of(SnowflakeId parts) {
			return new IdDetails(Long.toString(parts.id()), parts.timestamp().toString(), parts.datacenterId(),
					parts.workerId(), parts.sequence());
		}

	}

}
