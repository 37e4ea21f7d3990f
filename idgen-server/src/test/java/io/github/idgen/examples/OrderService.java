package io.github.idgen.examples;

import io.github.idgen.snowflake.IdService;

import org.springframework.stereotype.Service;

record Order(long id, String customer) {
}

@Service
class OrderService {

	private final IdService idService; // the mode you configure decides where its worker id comes from

	OrderService(IdService idService) {
		this.idService = idService;
	}

	Order newOrder(String customer) {
		return new Order(this.idService.nextId(), customer);
	}

}
