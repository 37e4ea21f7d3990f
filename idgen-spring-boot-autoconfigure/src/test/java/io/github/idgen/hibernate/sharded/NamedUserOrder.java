package io.github.idgen.hibernate.sharded;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "idgen_test_named_user_order")
public class NamedUserOrder {

	@Id
	@IdgenId(generator = "orders", shardBy = "userName")
	private Long id;

	private String userName;

	protected NamedUserOrder() {
	}

	public NamedUserOrder(String userName) {
		this.userName = userName;
	}

	public Long getId() {
		return this.id;
	}

}
