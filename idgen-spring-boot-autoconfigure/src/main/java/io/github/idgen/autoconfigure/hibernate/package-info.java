/**
 * What Spring Boot adds to idgen's Hibernate integration: the failure analyzer of an {@code @IdgenId}
 * attribute that cannot get ids, and the start-up check of the segment tags the mappings name.
 */
@NullMarked
package io.github.idgen.autoconfigure.hibernate;

import org.jspecify.annotations.NullMarked;
