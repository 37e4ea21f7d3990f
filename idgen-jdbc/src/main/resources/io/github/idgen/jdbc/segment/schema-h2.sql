-- Segment ids: one row per business tag (see docs/segments.md). Insert a row to add a tag; its
-- business_id, business_bits and shard_bits compose its ids (0: plain ids).
CREATE TABLE IF NOT EXISTS idgen_segment (
	tag VARCHAR(128) NOT NULL PRIMARY KEY,
	max_id BIGINT NOT NULL DEFAULT 0,
	step INTEGER NOT NULL,
	max_limit_id BIGINT NOT NULL DEFAULT 9223372036854775807,
	version BIGINT NOT NULL DEFAULT 0,
	description VARCHAR(256),
	update_time TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
	business_id BIGINT NOT NULL DEFAULT 0,
	business_bits INTEGER NOT NULL DEFAULT 0,
	shard_bits INTEGER NOT NULL DEFAULT 0
);
