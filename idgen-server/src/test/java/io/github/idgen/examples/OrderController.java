package io.github.idgen.examples;

import io.github.idgen.format.IdFormat;
import io.github.idgen.text.IdTextFormat;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
class OrderController {

	@GetMapping("/orders/{orderId}")
	String order(@PathVariable @IdFormat(format = IdTextFormat.BASE62, prefix = "ord_") long orderId) {
		return "order " + orderId; // GET /orders/ord_2X0GILMo2YC: the long 2125379975577112576
	}

}
