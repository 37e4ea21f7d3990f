package io.github.idgen.hibernate.entities;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity with a primitive {@code long} id. */
@Entity
@Table(name = "idgen_test_ledger_entry")
public class LedgerEntry {

	@Id
	@IdgenId
	private long id;

	private long amount;

	protected LedgerEntry() {
	}

	public LedgerEntry(long amount) {
		this.amount = amount;
	}

	public long getId() {
		return this.id;
	}

	public void setId(long id) {
		this.id = id;
	}

	public long getAmount() {
		return this.amount;
	}

}
