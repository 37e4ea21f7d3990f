package io.github.idgen.server.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * An id taken apart; the id is a string for JavaScript clients, the timestamp ISO-8601.
 *
 * @param id the id
 * @param timestamp when it was issued
 * @param datacenterId its datacenter id
 * @param workerId its worker id
 * @param sequence its sequence within its time unit
 * @param shard the shard it carries; absent for a generator whose ids carry none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record IdDetails(String id, String timestamp, int datacenterId, int workerId, int sequence, @Nullable Integer shard) {

	/**
	 * Takes an id of the API's path apart.
	 * @param layout the layout of the generator that issued it
	 * @param id the id as the path has it
	 * @return its parts
	 * @throws BadParameterException naming {@code id} if it is no number from 0 to the layout's largest id
	 * (a javascript-safe layout's is 2^53 - 1)
	 */
	static IdDetails decode(SnowflakeLayout layout, String id) {
		SnowflakeId parts = layout.decompose(Parameters.bounded("id", id, 0, layout.maxId()));
		return new IdDetails(Long.toString(parts.id()), parts.timestamp().toString(), parts.datacenterId(),
				parts.workerId(), parts.sequence(), (layout.shardBits() > 0) ? parts.shard() : null);
	}

}
