package io.github.idgen.hibernate.sharded;

import java.math.BigInteger;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "idgen_test_account_order")
public class AccountOrder {

	@Id
	@IdgenId(generator = "orders", shardBy = "account")
	private Long id;

	@Column(precision = 30, scale = 0)
	private BigInteger account;

	protected AccountOrder() {
	}

	public AccountOrder(BigInteger account) {
		this.account = account;
	}

	public Long getId() {
		return this.id;
	}

}
