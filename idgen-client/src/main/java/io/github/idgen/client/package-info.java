/**
 * Plain-Java client of idgen-server: {@link io.github.idgen.client.HttpSegmentStore}, a segment
 * store over HTTP with failover between servers. Only the JDK and SLF4J; no Spring.
 */
@NullMarked
package io.github.idgen.client;

import org.jspecify.annotations.NullMarked;
