/**
 * Tokens kept out of every log line: masked on the way to Logback's appenders, whoever logs them.
 */
@NullMarked
package io.github.idgen.server.logging;

import org.jspecify.annotations.NullMarked;
