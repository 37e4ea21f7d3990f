-- Worker-id lease table of idgen (MySQL, MariaDB). One row per (lease_group, node_id); idgen inserts
-- the rows of its range when it starts. See docs/jdbc-lease.md.
CREATE TABLE IF NOT EXISTS idgen_worker_lease (
	lease_group VARCHAR(128) NOT NULL,
	node_id INT NOT NULL,
	holder VARCHAR(128),
	instance_name VARCHAR(128),
	version BIGINT NOT NULL DEFAULT 0,
	mark_millis BIGINT NOT NULL DEFAULT 0,
	mark_ahead_millis BIGINT NOT NULL DEFAULT 0,
	update_time TIMESTAMP(3) NULL,
	PRIMARY KEY (lease_group, node_id)
) ENGINE=InnoDB
