/**
 * Auto-configuration of segment ids with ranges from idgen-server
 * ({@code xxx.common.server-urls}).
 */
@NullMarked
package io.github.idgen.autoconfigure.client;

import org.jspecify.annotations.NullMarked;
