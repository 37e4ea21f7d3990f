package io.github.idgen.hibernate.floatshard;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** Shards by a Float, whose truncation would put rows with different keys on one shard. */
@Entity
@Table(name = "idgen_test_floatshard_reading")
public class Reading {

	@Id
	@IdgenId(generator = "orders", shardBy = "gauge")
	private Long id;

	private Float gauge;

	protected Reading() {
	}

	public Long getId() {
		return this.id;
	}

}
