/**
 * What an {@link io.github.idgen.snowflake.IdService} of any mode tells operators about itself:
 * {@link io.github.idgen.info.IdServiceInfo}, read by health, metrics and the Actuator endpoint.
 * Spring-free.
 */
@NullMarked
package io.github.idgen.info;

import org.jspecify.annotations.NullMarked;
