/**
 * The idgen sample app: serves Snowflake ids over HTTP with the idgen starter, leasing its worker id
 * from ZooKeeper (an embedded server unless {@code xxx.common.zookeeper-addr} is set).
 */
@NullMarked
package io.github.idgen.sample;

import org.jspecify.annotations.NullMarked;
