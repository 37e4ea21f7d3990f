package io.github.idgen.autoconfigure.opaque;

import java.util.Base64;

import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.aot.FrozenCondition;
import io.github.idgen.autoconfigure.aot.FrozenConditions;
import io.github.idgen.autoconfigure.aot.SettingTest;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.opaque.Ff1IdCodec;
import io.github.idgen.opaque.IdCodec;
import io.github.idgen.opaque.OpaqueIdService;
import io.github.idgen.snowflake.IdService;
import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Opaque ids ({@code xxx.common.opaque-id-key} set and not empty): an {@link Ff1IdCodec} with that key
 * and an {@link OpaqueIdService} over the {@link IdService}. Needs Bouncy Castle, which the starter
 * does not bring. An empty key is how a command line switches off a key that a configuration file sets.
 */
@AutoConfiguration(after = { IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
		JdbcIdServiceAutoConfiguration.class, RedisIdServiceAutoConfiguration.class })
@Conditional(OpaqueIdAutoConfiguration.OnOpaqueIdKey.class)
@EnableConfigurationProperties(OpaqueIdProperties.class)
public final class OpaqueIdAutoConfiguration {

	static final String KEY_PROPERTY = "xxx.common.opaque-id-key";

	/**
	 * Matches when the key is set to something other than blanks.
	 */
	static class OnOpaqueIdKey extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			FrozenCondition.Setting key = FrozenCondition.Setting.read(context.getEnvironment(),
					SettingTest.OPAQUE_ID_KEY_SET);
			FrozenConditions.record(context, key);
			return key.matched() ? ConditionOutcome.match(KEY_PROPERTY + " is set")
					: ConditionOutcome.noMatch(KEY_PROPERTY + " is not set or empty");
		}

	}

	@Bean
	@ConditionalOnMissingBean(OpaqueIdService.class)
	OpaqueIdService opaqueIdService(IdService idService, IdCodec opaqueIdCodec) {
		return new OpaqueIdService(idService, opaqueIdCodec);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(FPEFF1Engine.class)
	static class Ff1Configuration {

		@Bean
		@ConditionalOnMissingBean(IdCodec.class)
		Ff1IdCodec opaqueIdCodec(OpaqueIdProperties properties) {
			return Ff1IdCodec.withKey(decodeKey(properties.getOpaqueIdKey()));
		}

		private static byte[] decodeKey(@Nullable String base64) {
			byte[] key;
			try {
				key = Base64.getDecoder().decode((base64 != null) ? base64.strip() : "");
			}
			catch (IllegalArgumentException ex) {
				// not ex as cause: its message may quote part of the key
				throw new InvalidOpaqueIdKeyException(KEY_PROPERTY + " is not valid base64");
			}
			if (key.length != 16 && key.length != 24 && key.length != 32) {
				throw new InvalidOpaqueIdKeyException(KEY_PROPERTY + " decodes to " + key.length
						+ " bytes, but an AES key for FF1 has 16, 24 or 32 bytes");
			}
			return key;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass("org.bouncycastle.crypto.fpe.FPEFF1Engine")
	static class MissingBouncyCastleConfiguration {

		@Bean
		@ConditionalOnMissingBean(IdCodec.class)
		IdCodec opaqueIdCodec() {
			throw new MissingBouncyCastleException();
		}

	}

}
