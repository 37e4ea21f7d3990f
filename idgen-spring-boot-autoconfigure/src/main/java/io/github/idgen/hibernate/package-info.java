/**
 * Hibernate ORM support: {@link io.github.idgen.hibernate.IdgenId} gives an entity id from the
 * {@link io.github.idgen.snowflake.IdService} of the application context that built the
 * {@code EntityManagerFactory}. No Spring imports: the service is taken from Hibernate's bean
 * container, which Spring's JPA support provides.
 */
@NullMarked
package io.github.idgen.hibernate;

import org.jspecify.annotations.NullMarked;
