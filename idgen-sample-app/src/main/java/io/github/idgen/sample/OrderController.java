package io.github.idgen.sample;

import jakarta.servlet.http.HttpServletRequest;

import io.github.idgen.format.IdFormat;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.jackson.JsonId;
import io.github.idgen.shard.ShardParameters.BadShardParameterException;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.text.IdTextFormat;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What an application's own endpoint looks like with short ids: an order's id is a {@code long} in
 * the code and {@code ord_} and 11 base62 characters in the URL and the JSON, with no conversion
 * code ({@link IdFormat} on the path variable, {@link JsonId} on the view). A malformed id is
 * answered by idgen's problem handler: 400, naming the parameter.
 */
@RestController
@RequestMapping("/orders")
class OrderController {

	private final IdService idService;

	private final IdServiceInfo info;

	OrderController(IdService idService, IdServiceInfo info) {
		this.idService = idService;
		// the layout and epoch the IdService issues with, so that the fields come out right
		this.info = info;
	}

	@GetMapping(path = "/next", produces = MediaType.APPLICATION_JSON_VALUE)
	OrderView next(HttpServletRequest request) {
		IdController.noShard(request, "The ids of the default generator carry no shard");
		return view(this.idService.nextId());
	}

	/** As idgen's problem handler answers a malformed id: 400, naming the parameter. */
	@ExceptionHandler
	ResponseEntity<ProblemDetail> badShardParameter(BadShardParameterException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
		problem.setProperty("parameter", ex.getParameter());
		return ResponseEntity.badRequest().body(problem);
	}

	@GetMapping(path = "/{orderId}", produces = MediaType.APPLICATION_JSON_VALUE)
	OrderView order(@PathVariable @IdFormat(format = IdTextFormat.BASE62, prefix = "ord_") long orderId) {
		return view(orderId);
	}

	private OrderView view(long id) {
		return new OrderView(id, id, this.info.layout().decompose(id).timestamp().toString());
	}

	/**
	 * An order's id, short and as the decimal number it stands for, and when it was issued.
	 */
	record OrderView(@JsonId(format = JsonId.Format.BASE62, prefix = "ord_") long id, @JsonId long number,
			String issuedAt) {
	}

}
