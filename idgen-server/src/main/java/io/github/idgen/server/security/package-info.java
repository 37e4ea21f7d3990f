/**
 * Bearer tokens of idgen-server: configured callers, optionally limited to tags; 401 and 403 as
 * problem details; tokens never logged.
 */
@NullMarked
package io.github.idgen.server.security;

import org.jspecify.annotations.NullMarked;
