package io.github.idgen.hibernate.badshard;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "idgen_test_refund")
public class Refund {

	@Id
	@IdgenId(generator = "orders", shardBy = "customer")
	private Long id;

	private Long userId;

	protected Refund() {
	}

	public Long getId() {
		return this.id;
	}

	public Long getUserId() {
		return this.userId;
	}

}
