package io.github.idgen.autoconfigure.segment;

/**
 * Where the segment ranges come from ({@code xxx.common.segment-store}).
 */
public enum SegmentStoreType {

	/** The segment table in the application's database ({@code JdbcSegmentStore}). */
	JDBC,

	/** One hash per tag in Redis, on Spring Boot's Redis connection ({@code RedisSegmentStore}). */
	REDIS

}
