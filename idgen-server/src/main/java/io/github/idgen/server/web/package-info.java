/**
 * idgen-server's servlet container: every error answered as a problem detail, Tomcat's own included.
 */
@NullMarked
package io.github.idgen.server.web;

import org.jspecify.annotations.NullMarked;
