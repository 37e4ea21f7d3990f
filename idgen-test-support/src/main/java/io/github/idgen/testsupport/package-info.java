/**
 * Test support shared by every module's tests: real database server processes, started from the
 * machine's packages on free ports, and a TCP proxy for network failures.
 */
@NullMarked
package io.github.idgen.testsupport;

import org.jspecify.annotations.NullMarked;
