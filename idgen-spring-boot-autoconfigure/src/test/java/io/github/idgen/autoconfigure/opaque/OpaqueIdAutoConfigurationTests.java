package io.github.idgen.autoconfigure.opaque;

import java.util.Base64;

import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.opaque.Ff1IdCodec;
import io.github.idgen.opaque.IdCodec;
import io.github.idgen.opaque.OpaqueIdService;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Tests for {@link OpaqueIdAutoConfiguration}, one test per condition.
 */
@ExtendWith(OutputCaptureExtension.class)
class OpaqueIdAutoConfigurationTests {

	/** 32 bytes; a test key, used nowhere else. */
	private static final String KEY = "q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
					OpaqueIdAutoConfiguration.class));

	@Test
	void withoutKeyThereAreNoOpaqueIds() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.hasSingleBean(IdService.class)
			.doesNotHaveBean(IdCodec.class)
			.doesNotHaveBean(OpaqueIdService.class));
	}

	@Test
	void anEmptyKeyLeavesOpaqueIdsOff() {
		// how a command line switches off a key that application.yml sets
		this.contextRunner.withPropertyValues("xxx.common.opaque-id-key=")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(OpaqueIdService.class)
				.doesNotHaveBean(IdCodec.class));
	}

	@Test
	void withKeyOpaqueIdsDecodeToIdsOfTheIdService() {
		this.contextRunner.withPropertyValues("xxx.common.opaque-id-key=" + KEY).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(Ff1IdCodec.class).hasSingleBean(OpaqueIdService.class);
			OpaqueIdService opaqueIds = context.getBean(OpaqueIdService.class);
			IdServiceTwitter idService = context.getBean(IdServiceTwitter.class);
			long before = idService.nextId();
			long opaqueId = opaqueIds.nextId();
			long id = opaqueIds.decode(opaqueId);
			assertThat(id).isGreaterThan(before).isLessThan(idService.nextId());
			assertThat(opaqueId).isNotEqualTo(id).isEqualTo(opaqueIds.encode(id));
			// the key of the property, not some other
			Ff1IdCodec sameKey = Ff1IdCodec.withKey(Base64.getDecoder().decode(KEY));
			assertThat(sameKey.decode(opaqueId)).isEqualTo(id);
		});
	}

	@Test
	void userCodecWins() {
		IdCodec userCodec = Ff1IdCodec.withKey(new byte[16]);
		this.contextRunner.withPropertyValues("xxx.common.opaque-id-key=" + KEY)
			.withBean("userCodec", IdCodec.class, () -> userCodec)
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(IdCodec.class).hasBean("userCodec");
				OpaqueIdService opaqueIds = context.getBean(OpaqueIdService.class);
				long opaqueId = opaqueIds.nextId();
				assertThat(opaqueIds.decode(opaqueId)).isEqualTo(userCodec.decode(opaqueId));
			});
	}

	@Test
	void userOpaqueIdServiceWins() {
		this.contextRunner.withPropertyValues("xxx.common.opaque-id-key=" + KEY)
			.withBean("userOpaqueIds", OpaqueIdService.class,
					() -> new OpaqueIdService(IdServiceTwitter.builder().workerId(9).build(), Ff1IdCodec.withKey(new byte[16])))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(OpaqueIdService.class)
				.hasBean("userOpaqueIds"));
	}

	@Test
	void withKeyButWithoutBouncyCastleStartUpFailsNamingTheDependency() {
		this.contextRunner.withPropertyValues("xxx.common.opaque-id-key=" + KEY)
			.withClassLoader(new FilteredClassLoader(FPEFF1Engine.class))
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.isInstanceOf(IllegalStateException.class)
					.hasMessage("xxx.common.opaque-id-key is set, but opaque ids need Bouncy Castle's FF1 on the"
							+ " classpath: add org.bouncycastle:bcprov-jdk18on, or remove xxx.common.opaque-id-key.");
			});
	}

	@Test
	void withKeyButWithoutBouncyCastleTheFailureAnalysisSaysWhatToAdd() {
		this.contextRunner.withPropertyValues("xxx.common.opaque-id-key=" + KEY)
			.withClassLoader(new FilteredClassLoader(FPEFF1Engine.class))
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new MissingBouncyCastleFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis).as("an analysis of %s", context.getStartupFailure()).isNotNull();
				assertThat(analysis.getDescription()).contains("xxx.common.opaque-id-key is set",
						"Bouncy Castle is not on the classpath");
				assertThat(analysis.getAction()).contains("org.bouncycastle:bcprov-jdk18on",
						"remove xxx.common.opaque-id-key");
			});
	}

	@Test
	void withoutBouncyCastleAUserCodecIsUsed() {
		IdCodec userCodec = new XorCodec();
		this.contextRunner.withPropertyValues("xxx.common.opaque-id-key=" + KEY)
			.withClassLoader(new FilteredClassLoader(FPEFF1Engine.class))
			.withBean("userCodec", IdCodec.class, () -> userCodec)
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(IdCodec.class).hasSingleBean(OpaqueIdService.class);
				long opaqueId = context.getBean(OpaqueIdService.class).nextId();
				assertThat(context.getBean(OpaqueIdService.class).decode(opaqueId)).isEqualTo(opaqueId ^ 0x5555);
			});
	}

	@Test
	void keyThatIsNotBase64FailsStartUpNamingThePropertyButNotTheKey() {
		String key = "not a base64 key!";
		this.contextRunner.withPropertyValues("xxx.common.opaque-id-key=" + key).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidOpaqueIdKeyException.class)
				.hasMessage("xxx.common.opaque-id-key is not valid base64")
				.hasNoCause();
		});
	}

	@Test
	void keyOfAWrongLengthFailsStartUpNamingThePropertyAndTheLengths() {
		String key = Base64.getEncoder().encodeToString(new byte[20]);
		this.contextRunner.withPropertyValues("xxx.common.opaque-id-key=" + key).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidOpaqueIdKeyException.class)
				.hasMessage("xxx.common.opaque-id-key decodes to 20 bytes, but an AES key for FF1 has 16, 24 or 32"
						+ " bytes");
		});
	}

	@Test
	void failureAnalysisTellsHowToMakeAKey() {
		FailureAnalysis analysis = new InvalidOpaqueIdKeyFailureAnalyzer()
			.analyze(new InvalidOpaqueIdKeyException("xxx.common.opaque-id-key is not valid base64"));
		assertThat(analysis.getDescription()).isEqualTo("xxx.common.opaque-id-key is not valid base64.");
		assertThat(analysis.getAction()).contains("openssl rand -base64 32", "xxx.common.opaque-id-key",
				"XXX_COMMON_OPAQUEIDKEY");
	}

	@Test
	void aRealApplicationWithAShortKeyPrintsTheReportWithoutTheKey(CapturedOutput output) {
		String key = Base64.getEncoder().encodeToString("sixteen-byte-ke".getBytes());
		SpringApplication application = new SpringApplication(EmptyApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);

		assertThatException().isThrownBy(() -> application.run("--xxx.common.opaque-id-key=" + key));

		assertThat(output).contains("APPLICATION FAILED TO START",
				"xxx.common.opaque-id-key decodes to 15 bytes", "Action:", "openssl rand -base64 32")
			.doesNotContain(key);
	}

	/** Not a secure codec: just one that needs no Bouncy Castle. */
	static final class XorCodec implements IdCodec {

		@Override
		public long encode(long id) {
			return id ^ 0x5555;
		}

		@Override
		public long decode(long opaqueId) {
			return opaqueId ^ 0x5555;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class EmptyApplication {

	}

}
