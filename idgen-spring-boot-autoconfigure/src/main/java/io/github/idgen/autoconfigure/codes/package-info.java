/**
 * Auto-configuration of business numbers ({@code xxx.common.codes.<name>.*}, with segment ids on): the
 * {@link io.github.idgen.codes.Codes} registry of the configured codes.
 */
@NullMarked
package io.github.idgen.autoconfigure.codes;

import org.jspecify.annotations.NullMarked;
