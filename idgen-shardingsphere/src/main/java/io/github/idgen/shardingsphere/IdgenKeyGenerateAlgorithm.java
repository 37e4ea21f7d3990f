package io.github.idgen.shardingsphere;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;

import org.apache.shardingsphere.infra.algorithm.core.context.AlgorithmSQLContext;
import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmInitializationException;
import org.apache.shardingsphere.infra.algorithm.keygen.core.KeyGenerateAlgorithm;
import org.jspecify.annotations.Nullable;

import io.github.idgen.snowflake.IdService;

/**
 * ShardingSphere's key generator {@code IDGEN}: the ids of the idgen generator named by its property
 * {@code generator}, looked up in {@link IdgenKeyGenerators}.
 * <p>
 * ShardingSphere hands a key generator the table and column names, never the row's values, so the ids
 * it issues carry no shard: a generator with shard bits refuses {@code nextId()} (naming itself), and
 * shard-carrying ids come from the application's own {@code nextId(shard)} call.
 */
public final class IdgenKeyGenerateAlgorithm implements KeyGenerateAlgorithm {

	/** The property naming the generator in {@link IdgenKeyGenerators}. */
	public static final String GENERATOR = "generator";

	private @Nullable String generator;

	@Override
	public void init(Properties props) {
		String name = props.getProperty(GENERATOR);
		if (name == null || name.isBlank()) {
			throw new AlgorithmInitializationException(this,
					"property '%s' must name the idgen generator registered in IdgenKeyGenerators", GENERATOR);
		}
		this.generator = name.trim();
	}

	@Override
	public Collection<Long> generateKeys(AlgorithmSQLContext context, int keyGenerateCount) {
		IdService service = IdgenKeyGenerators.get(generatorName());
		if (keyGenerateCount == 1) {
			return List.of(service.nextId());
		}
		List<Long> ids = new ArrayList<>(keyGenerateCount);
		for (int left = keyGenerateCount; left > 0; left -= IdService.MAX_BATCH_SIZE) {
			ids.addAll(service.nextIds(Math.min(left, IdService.MAX_BATCH_SIZE)));
		}
		return ids;
	}

	/**
	 * Returns the name of the generator whose ids this key generator issues.
	 * @return the value of the property {@code generator}
	 */
	public String generatorName() {
		if (this.generator == null) {
			throw new IllegalStateException("not initialised: ShardingSphere calls init(Properties) first");
		}
		return this.generator;
	}

	@Override
	public String getType() {
		return "IDGEN";
	}

}
