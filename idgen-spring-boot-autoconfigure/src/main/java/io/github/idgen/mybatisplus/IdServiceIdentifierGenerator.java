package io.github.idgen.mybatisplus;

import com.baomidou.mybatisplus.core.incrementer.IdentifierGenerator;
import io.github.idgen.snowflake.IdService;

/**
 * MyBatis-Plus {@link IdentifierGenerator} that takes ids from an {@link IdService}, so that
 * {@code @TableId(type = IdType.ASSIGN_ID)} gets ids of a leased worker id instead of one derived
 * from the host's MAC address and process id. UUIDs ({@code IdType.ASSIGN_UUID}) stay MyBatis-Plus's.
 */
public final class IdServiceIdentifierGenerator implements IdentifierGenerator {

	private final IdService idService;

	/**
	 * Creates a generator.
	 * @param idService where the ids come from
	 */
	public IdServiceIdentifierGenerator(IdService idService) {
		this.idService = idService;
	}

	@Override
	public Long nextId(Object entity) {
		return this.idService.nextId();
	}

}
