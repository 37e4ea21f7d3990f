package io.github.idgen.server;

import java.util.Set;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;

/**
 * Leaves out the auto-configurations of Spring Boot's that match on the server's class path but that
 * nothing in the server uses: AOP proxies and transactions (no {@code @Transactional}, no advice),
 * task executors and schedulers (the lease and the segment preloads run on threads of their own),
 * multipart uploads, Spring Data's web support and repository metrics, Lettuce's observations and
 * Netty's settings (Redis mode's client runs without them), {@code JdbcClient}. Each costs its
 * configuration classes' parsing, its conditions and its beans at every start, on the way to the
 * first id. A filter rather than {@code spring.autoconfigure.exclude}, so that a user who sets that
 * property keeps these left out too.
 */
public final class UnusedAutoConfigurations implements AutoConfigurationImportFilter {

	private static final String BOOT = "org.springframework.boot.";

	private static final Set<String> UNUSED = Set.of(BOOT + "autoconfigure.aop.AopAutoConfiguration",
			BOOT + "autoconfigure.task.TaskExecutionAutoConfiguration",
			BOOT + "autoconfigure.task.TaskSchedulingAutoConfiguration",
			BOOT + "micrometer.metrics.autoconfigure.task.TaskExecutorMetricsAutoConfiguration",
			BOOT + "micrometer.observation.autoconfigure.ScheduledTasksObservationAutoConfiguration",
			BOOT + "transaction.autoconfigure.TransactionAutoConfiguration",
			BOOT + "transaction.autoconfigure.TransactionManagerCustomizationAutoConfiguration",
			BOOT + "jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration",
			BOOT + "jdbc.autoconfigure.JdbcClientAutoConfiguration",
			BOOT + "persistence.autoconfigure.PersistenceExceptionTranslationAutoConfiguration",
			BOOT + "servlet.autoconfigure.MultipartAutoConfiguration",
			BOOT + "data.autoconfigure.web.DataWebAutoConfiguration",
			BOOT + "data.autoconfigure.metrics.DataRepositoryMetricsAutoConfiguration",
			BOOT + "data.redis.autoconfigure.observation.LettuceObservationAutoConfiguration",
			BOOT + "netty.autoconfigure.NettyAutoConfiguration");

	@Override
	public boolean[] match(@Nullable String[] autoConfigurationClasses, AutoConfigurationMetadata metadata) {
		boolean[] matches = new boolean[autoConfigurationClasses.length];
		for (int i = 0; i < matches.length; i++) {
			// an earlier filter's refusal is null here, and an immutable set refuses to look for null
			String candidate = autoConfigurationClasses[i];
			matches[i] = candidate == null || !UNUSED.contains(candidate);
		}
		return matches;
	}

	/** The class names of the auto-configurations left out. */
	static Set<String> names() {
		return UNUSED;
	}

}
