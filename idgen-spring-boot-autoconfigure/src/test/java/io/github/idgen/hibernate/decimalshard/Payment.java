package io.github.idgen.hibernate.decimalshard;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** Shards by a java.math.BigDecimal, whose truncation would put rows with different keys on one shard. */
@Entity
@Table(name = "idgen_test_decimalshard_payment")
public class Payment {

	@Id
	@IdgenId(generator = "orders", shardBy = "amount")
	private Long id;

	private java.math.BigDecimal amount;

	protected Payment() {
	}

	public Long getId() {
		return this.id;
	}

}
