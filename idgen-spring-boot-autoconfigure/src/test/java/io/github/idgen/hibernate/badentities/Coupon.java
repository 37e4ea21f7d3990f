package io.github.idgen.hibernate.badentities;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** {@code @IdgenId} on an id that cannot hold a Snowflake id. */
@Entity
@Table(name = "idgen_test_coupon")
public class Coupon {

	@Id
	@IdgenId
	private String code;

	protected Coupon() {
	}

}
