package io.github.idgen.hibernate.tagged;

import io.github.idgen.hibernate.IdgenId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "idgen_test_ticket")
public class Ticket {

	@Id
	@IdgenId(tag = "tickets")
	private Long id;

	private String title;

	protected Ticket() {
	}

	public Ticket(String title) {
		this.title = title;
	}

	public Long getId() {
		return this.id;
	}

	public String getTitle() {
		return this.title;
	}

}
