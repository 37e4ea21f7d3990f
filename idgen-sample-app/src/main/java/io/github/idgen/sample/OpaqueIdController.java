package io.github.idgen.sample;

import jakarta.servlet.http.HttpServletRequest;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.opaque.OpaqueIdService;
import io.github.idgen.sample.IdController.IdDetails;

import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves opaque ids (FF1 with {@code xxx.common.opaque-id-key}): ids that reveal neither time nor
 * volume, and, for whoever holds the key, the id behind one.
 */
@RestController
@RequestMapping("/ids/opaque")
// on when the library offers opaque ids: a key that is set and not empty
@ConditionalOnExpression("!'${xxx.common.opaque-id-key:}'.isBlank()")
class OpaqueIdController {

	private final OpaqueIdService opaqueIds;

	private final IdServiceInfo info;

	OpaqueIdController(OpaqueIdService opaqueIds, IdServiceInfo info) {
		this.opaqueIds = opaqueIds;
		// the layout and epoch the IdService issues with, so that the fields come out right
		this.info = info;
	}

	@GetMapping(path = "/next", produces = MediaType.TEXT_PLAIN_VALUE)
	String next(HttpServletRequest request) {
		IdController.noShard(request, "Opaque ids carry no shard");
		return Long.toString(this.opaqueIds.nextId());
	}

	@GetMapping(path = "/{opaqueId}", produces = MediaType.APPLICATION_JSON_VALUE)
	OpaqueIdDetails decode(@PathVariable("opaqueId") String opaqueId) {
		long value = IdController.parseLong(opaqueId, "opaqueId", 1);
		return new OpaqueIdDetails(Long.toString(value),
				IdController.decompose(this.info.layout(), this.opaqueIds.decode(value)));
	}

	/**
	 * An opaque id and the id it stands for, taken apart; ids are strings for JavaScript clients.
	 */
	record OpaqueIdDetails(String opaqueId, IdDetails id) {
	}

}
