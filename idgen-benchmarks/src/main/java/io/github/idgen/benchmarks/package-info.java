/**
 * JMH benchmarks of idgen's generators side by side with peer libraries
 * ({@link io.github.idgen.benchmarks.IdBenchmarks}), and the lease figures harness
 * ({@link io.github.idgen.benchmarks.LeaseFigures}: ZooKeeper in-process, JDBC mode on a database
 * given with {@code --jdbc}). Run from the shaded {@code idgen-benchmarks/target/benchmarks.jar};
 * see {@code docs/benchmarks.md}.
 */
package io.github.idgen.benchmarks;
