package io.github.idgen.hibernate.sharded;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "idgen_test_user_order")
public class UserOrder {

	@Id
	@IdgenId(generator = "orders", shardBy = "userId")
	private Long id;

	private Long userId;

	protected UserOrder() {
	}

	public UserOrder(Long userId) {
		this.userId = userId;
	}

	/** An order whose id the application assigned itself. */
	public UserOrder(Long id, Long userId) {
		this.id = id;
		this.userId = userId;
	}

	public Long getId() {
		return this.id;
	}

	public Long getUserId() {
		return this.userId;
	}

}
