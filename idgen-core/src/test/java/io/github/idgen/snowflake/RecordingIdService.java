package io.github.idgen.snowflake;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An {@link IdService} with a fixed worker id that remembers every id it issued, so a test can tell
 * which service an id came from.
 */
public final class RecordingIdService implements IdService {

	private final IdServiceTwitter generator;

	private final List<Long> issued = new CopyOnWriteArrayList<>();

	public RecordingIdService(int workerId) {
		this.generator = new IdServiceTwitter(workerId, 0);
	}

	@Override
	public long nextId() {
		long id = this.generator.nextId();
		this.issued.add(id);
		return id;
	}

	@Override
	public Collection<Long> nextIds(int num) {
		List<Long> ids = this.generator.nextIds(num);
		this.issued.addAll(ids);
		return ids;
	}

	public List<Long> issued() {
		return List.copyOf(this.issued);
	}

}
