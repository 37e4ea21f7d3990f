package io.github.idgen.hibernate.shardedtag;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "idgen_test_tagged_user_order")
public class TaggedUserOrder {

	@Id
	@IdgenId(tag = "user_orders", shardBy = "userId")
	private Long id;

	private long userId;

	protected TaggedUserOrder() {
	}

	public TaggedUserOrder(long userId) {
		this.userId = userId;
	}

	public Long getId() {
		return this.id;
	}

	public long getUserId() {
		return this.userId;
	}

}
