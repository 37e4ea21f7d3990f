/**
 * Auto-configuration of idgen for a user's web application: 503 answers when no id can be issued
 * for now.
 */
@NullMarked
package io.github.idgen.autoconfigure.web;

import org.jspecify.annotations.NullMarked;
