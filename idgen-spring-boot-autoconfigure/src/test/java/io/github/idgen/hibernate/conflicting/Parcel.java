package io.github.idgen.hibernate.conflicting;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "idgen_test_parcel")
public class Parcel {

	@Id
	@IdgenId(tag = "parcels", generator = "js")
	private Long id;

	protected Parcel() {
	}

	public Long getId() {
		return this.id;
	}

}
