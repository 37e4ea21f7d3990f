/**
 * idgen under Spring AOT: the conditions AOT processing decided are recorded in the generated code
 * and compared with the settings at run time, so that an application never runs on beans made for
 * another configuration (a fixed worker id where the settings ask for a lease).
 */
@NullMarked
package io.github.idgen.autoconfigure.aot;

import org.jspecify.annotations.NullMarked;
