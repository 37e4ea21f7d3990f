/**
 * What Spring Boot adds to idgen's Hibernate integration: the failure analyzer of an {@code @IdgenId}
 * attribute that cannot get ids.
 */
@NullMarked
package io.github.idgen.autoconfigure.hibernate;

import org.jspecify.annotations.NullMarked;
