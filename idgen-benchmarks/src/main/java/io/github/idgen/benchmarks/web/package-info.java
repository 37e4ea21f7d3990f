/**
 * The constant endpoint that idgen-server's HTTP figures are measured against.
 */
package io.github.idgen.benchmarks.web;
