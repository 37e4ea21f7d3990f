package io.github.idgen.hibernate.named;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "idgen_test_shipment")
public class Shipment {

	@Id
	@IdgenId(generator = "js")
	private Long id;

	private String label;

	protected Shipment() {
	}

	public Shipment(String label) {
		this.label = label;
	}

	public Long getId() {
		return this.id;
	}

	public String getLabel() {
		return this.label;
	}

}
