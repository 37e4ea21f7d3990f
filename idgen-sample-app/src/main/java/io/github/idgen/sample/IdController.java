package io.github.idgen.sample;

import java.util.List;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.shard.ShardParameters;
import io.github.idgen.shard.ShardParameters.BadShardParameterException;
import io.github.idgen.snowflake.IdService;
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
 * Serves ids: one as plain text, a batch as JSON strings (JavaScript numbers lose precision above
 * 2^53), and any id taken apart into its Snowflake fields. Each takes {@code ?format=} ({@link IdForm}):
 * decimal by default, or the short base62 or base36 text.
 */
@RestController
@RequestMapping("/ids")
class IdController {

	/** Largest batch one request may ask for. */
	static final int MAX_COUNT = 10_000;

	private static final Pattern DIGITS = Pattern.compile("[0-9]{1,19}");

	private final IdService idService;

	private final IdServiceInfo info;

	IdController(IdService idService, IdServiceInfo info) {
		this.idService = idService;
		// the layout and epoch the IdService issues with, so that the fields come out right
		this.info = info;
	}

	@GetMapping(path = "/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(@RequestParam(name = "format", required = false) @Nullable String format,
			HttpServletRequest request) {
		IdForm form = IdForm.of(format);
		noShard(request, "The ids of the default generator carry no shard");
		return form.write(this.idService.nextId());
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	List<String> batch(@RequestParam(name = "count", required = false) @Nullable String count,
			@RequestParam(name = "format", required = false) @Nullable String format, HttpServletRequest request) {
		IdForm form = IdForm.of(format);
		int num = parseCount(count);
		noShard(request, "The ids of the default generator carry no shard");
		return this.idService.nextIds(num).stream().map(form::write).toList();
	}

	@GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	IdDetails decompose(@PathVariable("id") String id,
			@RequestParam(name = "format", required = false) @Nullable String format) {
		return decompose(this.info.layout(), IdForm.of(format).read(id, "id"));
	}

	/**
	 * Takes an id apart with a layout.
	 * @throws BadParameterException naming {@code id} if it is no id of the layout (above its largest)
	 */
	static IdDetails decompose(SnowflakeLayout layout, long id) {
		try {
			return IdDetails.of(layout.decompose(id), layout.shardBits() > 0);
		}
		catch (IllegalArgumentException ex) {
			throw new BadParameterException("id", ex.getMessage());
		}
	}

	/**
	 * Refuses {@code ?shard=} and {@code ?key=} on an endpoint whose ids carry no shard, rather than
	 * answering with an id that lacks the shard asked for.
	 * @param request the request
	 * @param reason why, the start of the error
	 * @throws BadShardParameterException naming the parameter if either is there
	 */
	static void noShard(HttpServletRequest request, String reason) {
		ShardParameters.none(request.getParameterValues("shard"), request.getParameterValues("key"), reason);
	}

	static int parseCount(@Nullable String count) {
		if (count != null && DIGITS.matcher(count).matches()) {
			long value = Long.parseLong(count);
			if (value >= 1 && value <= MAX_COUNT) {
				return (int) value;
			}
		}
		throw new BadParameterException("count", "count must be an integer from 1 to " + MAX_COUNT + ", was "
				+ ((count != null) ? "'" + count + "'" : "missing"));
	}

	/**
	 * Parses a path parameter that is a non-negative {@code long} in decimal.
	 * @param value the parameter's text
	 * @param name the parameter's name, for the error
	 * @param min the smallest value allowed, 0 or more
	 * @return the value
	 * @throws BadParameterException naming the parameter if the text is no such number
	 */
	static long parseLong(String value, String name, long min) {
		if (DIGITS.matcher(value).matches()) {
			try {
				long parsed = Long.parseLong(value);
				if (parsed >= min) {
					return parsed;
				}
			}
			catch (NumberFormatException ex) {
				// 19 digits above Long.MAX_VALUE
			}
		}
		throw new BadParameterException(name, name + " must be a decimal integer from " + min + " to " + Long.MAX_VALUE
				+ ", was '" + value + "'");
	}

	/**
	 * An id taken apart; the id is a string for JavaScript clients, the timestamp ISO-8601.
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record IdDetails(String id, String timestamp, int datacenterId, int workerId, int sequence,
			@Nullable Integer shard) {

		static IdDetails of(SnowflakeId parts) {
			return of(parts, false);
		}

		/** The shard only for a layout with shard bits: the others' answer stays as it was. */
		static IdDetails of(SnowflakeId parts, boolean sharded) {
			return new IdDetails(Long.toString(parts.id()), parts.timestamp().toString(), parts.datacenterId(),
					parts.workerId(), parts.sequence(), sharded ? parts.shard() : null);
		}
	}

}
