/**
 * Spring formatting of ids: {@link io.github.idgen.format.IdFormat} on a path variable, request
 * parameter or bound field reads and writes a {@code long} as the short text of
 * {@link io.github.idgen.text.IdTextCodec}, through
 * {@link io.github.idgen.format.IdFormatAnnotationFormatterFactory}, which idgen's auto-configuration
 * registers with Spring MVC and WebFlux.
 */
@NullMarked
package io.github.idgen.format;

import org.jspecify.annotations.NullMarked;
