package io.github.idgen.examples;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
class Invoice {

	@Id
	@IdgenId // instead of @GeneratedValue
	private Long id; // or: private long id;

	private String number;

	protected Invoice() { // for Hibernate
	}

	Invoice(String number) {
		this.number = number;
	}

	Long getId() {
		return this.id;
	}

	String getNumber() {
		return this.number;
	}

}
