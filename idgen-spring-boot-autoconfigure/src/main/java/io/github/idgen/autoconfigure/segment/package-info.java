/**
 * Auto-configuration of segment ids ({@code xxx.common.segment-enabled=true}): the
 * {@link io.github.idgen.segment.SegmentIdServices} over the application's database, the segment
 * table created at start-up, their health contributor, endpoint and meters, and the failure analyzer.
 */
@NullMarked
package io.github.idgen.autoconfigure.segment;

import org.jspecify.annotations.NullMarked;
