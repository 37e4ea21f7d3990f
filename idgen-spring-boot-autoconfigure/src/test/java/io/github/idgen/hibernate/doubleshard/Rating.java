package io.github.idgen.hibernate.doubleshard;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** Shards by a double, whose truncation would put rows with different keys on one shard. */
@Entity
@Table(name = "idgen_test_doubleshard_rating")
public class Rating {

	@Id
	@IdgenId(generator = "orders", shardBy = "score")
	private Long id;

	private double score;

	protected Rating() {
	}

	public Long getId() {
		return this.id;
	}

}
