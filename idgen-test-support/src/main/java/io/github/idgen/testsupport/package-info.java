/**
 * Test support shared by every module's tests: real database server processes, started from the
 * machine's packages on free ports, a TCP proxy for network failures, a movable clock and output capture.
 * No idgen class: every module's tests can use it, idgen-core's included.
 */
@NullMarked
package io.github.idgen.testsupport;

import org.jspecify.annotations.NullMarked;
