/**
 * Auto-configuration of cluster mode ({@code xxx.common.zookeeper-enabled=true}): the worker id
 * leased from ZooKeeper through Apache Curator, its connection details, Curator customizers, native
 * image hints and failure analyzers.
 */
@NullMarked
package io.github.idgen.autoconfigure.zookeeper;

import org.jspecify.annotations.NullMarked;
