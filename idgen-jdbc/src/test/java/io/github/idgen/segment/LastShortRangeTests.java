package io.github.idgen.segment;

import java.util.List;
import java.util.stream.LongStream;

import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A caller that waited for a tag's last, short range gets its ids, although the loader, moving on at
 * once to the range after it, learns meanwhile that the tag is exhausted: the store's answer is for a
 * later attempt, not for the range the caller waited for.
 */
class LastShortRangeTests {

	static final JdbcDataSource h2 = new JdbcDataSource();

	static final int TAGS = 100;

	@BeforeAll
	static void createTable() {
		h2.setURL("jdbc:h2:mem:last-short-range;DB_CLOSE_DELAY=-1");
		SegmentTables.createTable(h2);
	}

	@Test
	void callersGetEveryIdUpToTheLimitBeforeTheTagIsExhausted() {
		try (SegmentIdServices services = new SegmentIdServices(new JdbcSegmentStore(h2, SegmentTables.TABLE),
				SegmentSettings.DEFAULTS)) {
			// the race is short; many tags make it show on every run of the defect
			for (int i = 0; i < TAGS; i++) {
				String tag = SegmentTables.uniqueTag("short");
				SegmentTables.insertTag(h2, tag, 0, 5, 9);
				SegmentIdService service = services.service(tag);
				assertThat(service.nextIds(9)).as("tag %s", tag)
					.containsExactlyElementsOf(LongStream.rangeClosed(1, 9).boxed().toList());
				assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(service::nextId);
			}
		}
	}

	@Test
	void oneByOneCallersGetEveryIdUpToTheLimitToo() {
		try (SegmentIdServices services = new SegmentIdServices(new JdbcSegmentStore(h2, SegmentTables.TABLE),
				SegmentSettings.DEFAULTS)) {
			for (int i = 0; i < TAGS; i++) {
				String tag = SegmentTables.uniqueTag("short-one");
				SegmentTables.insertTag(h2, tag, 0, 5, 9);
				SegmentIdService service = services.service(tag);
				List<Long> ids = LongStream.rangeClosed(1, 9).map((id) -> service.nextId()).boxed().toList();
				assertThat(ids).as("tag %s", tag).containsExactlyElementsOf(LongStream.rangeClosed(1, 9).boxed().toList());
			}
		}
	}

}
