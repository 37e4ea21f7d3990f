package io.github.idgen.hibernate.entities;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "idgen_test_invoice")
public class Invoice {

	@Id
	@IdgenId
	private Long id;

	private String number;

	protected Invoice() {
	}

	public Invoice(String number) {
		this.number = number;
	}

	public Long getId() {
		return this.id;
	}

	public void setId(Long id) {
		this.id = id;
	}

	public String getNumber() {
		return this.number;
	}

}
