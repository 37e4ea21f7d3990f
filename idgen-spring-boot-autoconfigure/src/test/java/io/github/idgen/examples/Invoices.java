package io.github.idgen.examples;

import jakarta.persistence.EntityManager;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
class Invoices {

	private final EntityManager entityManager;

	Invoices(EntityManager entityManager) {
		this.entityManager = entityManager;
	}

	@Transactional
	Invoice issue(String number) {
		Invoice invoice = new Invoice(number);
		this.entityManager.persist(invoice); // the id comes from the IdService bean here
		return invoice;
	}

}
