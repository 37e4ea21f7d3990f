package io.github.idgen.hibernate.repositories;

import io.github.idgen.hibernate.entities.Invoice;

import org.springframework.data.jpa.repository.JpaRepository;

public interface InvoiceRepository extends JpaRepository<Invoice, Long> {

}
