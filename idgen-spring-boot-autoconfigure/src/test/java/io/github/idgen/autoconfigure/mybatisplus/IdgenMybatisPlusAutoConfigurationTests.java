package io.github.idgen.autoconfigure.mybatisplus;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import com.baomidou.mybatisplus.autoconfigure.IdentifierGeneratorAutoConfiguration;
import com.baomidou.mybatisplus.autoconfigure.MybatisPlusAutoConfiguration;
import com.baomidou.mybatisplus.core.incrementer.DefaultIdentifierGenerator;
import com.baomidou.mybatisplus.core.incrementer.IdentifierGenerator;
import com.baomidou.mybatisplus.core.toolkit.GlobalConfigUtils;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.ImportedAutoConfigurations;
import io.github.idgen.autoconfigure.mybatisplus.articles.Article;
import io.github.idgen.autoconfigure.mybatisplus.articles.ArticleMapper;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.mybatisplus.IdServiceIdentifierGenerator;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.RecordingIdService;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.RedisServer;
import org.apache.ibatis.session.SqlSessionFactory;
import org.junit.jupiter.api.Test;
import org.mybatis.spring.annotation.MapperScan;

import org.springframework.cloud.commons.util.InetUtils;
import org.springframework.cloud.commons.util.InetUtilsProperties;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link IdgenMybatisPlusAutoConfiguration}, with MyBatis-Plus's own auto-configuration and
 * a real mapper on H2; in Redis mode on a real redis-server.
 */
class IdgenMybatisPlusAutoConfigurationTests {

	private static final AtomicInteger databases = new AtomicInteger();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdgenMybatisPlusAutoConfiguration.class));

	private ApplicationContextRunner withMybatisPlus() {
		return this.runner
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, MybatisPlusAutoConfiguration.class))
			.withUserConfiguration(Mappers.class)
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:idgen_mybatis_plus_" + databases.incrementAndGet());
	}

	@Test
	void identifierGeneratorUsesTheIdService() {
		RecordingIdService idService = new RecordingIdService(9);
		this.runner.withBean(IdService.class, () -> idService).run((context) -> {
			assertThat(context).hasSingleBean(IdServiceIdentifierGenerator.class);
			Number id = context.getBean(IdentifierGenerator.class).nextId(new Article("a"));
			assertThat(idService.issued()).containsExactly(id.longValue());
		});
	}

	@Test
	void noIdentifierGeneratorWithoutMybatisPlus() {
		this.runner.withBean(IdService.class, () -> new RecordingIdService(9))
			.withClassLoader(new FilteredClassLoader(IdentifierGenerator.class))
			.run((context) -> assertThat(context).doesNotHaveBean(IdServiceIdentifierGenerator.class));
	}

	@Test
	void noIdentifierGeneratorWithoutAnIdService() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(IdentifierGenerator.class));
	}

	@Test
	void usersIdentifierGeneratorWins() {
		IdentifierGenerator own = (entity) -> 42L;
		this.runner.withBean(IdService.class, () -> new RecordingIdService(9))
			.withBean("ownIdentifierGenerator", IdentifierGenerator.class, () -> own)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(IdServiceIdentifierGenerator.class);
				assertThat(context.getBean(IdentifierGenerator.class)).isSameAs(own);
			});
	}

	@Test
	void mybatisPlusSpringCloudGeneratorBacksOff() {
		ApplicationContextRunner springCloud = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(IdentifierGeneratorAutoConfiguration.class))
			.withBean(InetUtils.class, () -> new InetUtils(new InetUtilsProperties()));
		// without us: MyBatis-Plus's generator with a worker id from the host's address
		springCloud.run((context) -> assertThat(context.getBean(IdentifierGenerator.class))
			.isInstanceOf(DefaultIdentifierGenerator.class));
		springCloud.withConfiguration(AutoConfigurations.of(IdgenMybatisPlusAutoConfiguration.class))
			.withBean(IdService.class, () -> new RecordingIdService(9))
			.run((context) -> {
				assertThat(context).hasSingleBean(IdentifierGenerator.class);
				assertThat(context.getBean(IdentifierGenerator.class)).isInstanceOf(IdServiceIdentifierGenerator.class);
			});
	}

	@Test
	void mybatisPlusGlobalConfigUsesOurGenerator() {
		withMybatisPlus().withBean(IdService.class, () -> new RecordingIdService(9)).run((context) -> {
			SqlSessionFactory sessions = context.getBean(SqlSessionFactory.class);
			assertThat(GlobalConfigUtils.getGlobalConfig(sessions.getConfiguration()).getIdentifierGenerator())
				.isSameAs(context.getBean(IdServiceIdentifierGenerator.class));
		});
	}

	@Test
	void mapperInsertsRowsWithIdsOfTheIdService() {
		RecordingIdService idService = new RecordingIdService(9);
		withMybatisPlus().withBean(IdService.class, () -> idService).run((context) -> {
			List<Long> ids = insertArticles(context, "first", "second", "third");
			assertThat(ids).containsExactlyElementsOf(idService.issued()).hasSize(3);
			assertThat(ids).allSatisfy(
					(id) -> assertThat(SnowflakeLayout.TWITTER.decompose(id).workerId()).isEqualTo(9));
			assertThat(context.getBean(ArticleMapper.class).selectById(ids.get(1)).getTitle()).isEqualTo("second");
		});
	}

	@Test
	void mapperInsertsRowsWithIdsOfTheAutoConfiguredIdService() {
		withMybatisPlus().withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class))
			.withPropertyValues("xxx.common.id-worker-id=17", "xxx.common.id-data-center-id=3")
			.run((context) -> {
				long id = insertArticles(context, "leased").get(0);
				assertThat(SnowflakeLayout.TWITTER.decompose(id)).satisfies((parts) -> {
					assertThat(parts.workerId()).isEqualTo(17);
					assertThat(parts.datacenterId()).isEqualTo(3);
				});
			});
	}

	@Test
	void inRedisModeMapperInsertsRowsWithIdsOfTheRedisLease() {
		// every auto-configuration of idgen and MyBatis-Plus, ordered as at an application's start-up:
		// MyBatis-Plus's names sort first and pull ours in before them
		new ApplicationContextRunner()
			.withConfiguration(ImportedAutoConfigurations.startingWith("io.github.idgen.", "com.baomidou."))
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, DataRedisAutoConfiguration.class))
			.withUserConfiguration(Mappers.class)
			.withBean(InetUtils.class, () -> new InetUtils(new InetUtilsProperties()))
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:idgen_mybatis_plus_" + databases.incrementAndGet(),
					"xxx.common.redis-enabled=true", "xxx.common.redis-lease-timeout=1s",
					"xxx.common.redis-lease-group=mybatis-plus", "spring.data.redis.port=" + RedisServer.shared().port())
			.run((context) -> {
				IdentifierGenerator generator = GlobalConfigUtils
					.getGlobalConfig(context.getBean(SqlSessionFactory.class).getConfiguration())
					.getIdentifierGenerator();
				assertThat(generator).isInstanceOf(IdServiceIdentifierGenerator.class);
				WorkerIdLease lease = context.getBean(IdServiceProxy.class).getLease();
				long id = insertArticles(context, "leased").get(0);
				assertThat(SnowflakeLayout.TWITTER.decompose(id)).satisfies((parts) -> {
					assertThat(parts.workerId()).isEqualTo(lease.getWorkerId());
					assertThat(parts.datacenterId()).isEqualTo(lease.getDatacenterId());
				});
			});
	}

	private static List<Long> insertArticles(AssertableApplicationContext context, String... titles) {
		new JdbcTemplate(context.getBean(DataSource.class))
			.execute("CREATE TABLE idgen_test_article (id BIGINT PRIMARY KEY, title VARCHAR(64))");
		ArticleMapper mapper = context.getBean(ArticleMapper.class);
		List<Long> ids = new ArrayList<>();
		for (String title : titles) {
			Article article = new Article(title);
			assertThat(mapper.insert(article)).isOne();
			ids.add(article.getId());
		}
		return ids;
	}

	@Configuration(proxyBeanMethods = false)
	@MapperScan(basePackageClasses = ArticleMapper.class)
	static class Mappers {

	}

}
