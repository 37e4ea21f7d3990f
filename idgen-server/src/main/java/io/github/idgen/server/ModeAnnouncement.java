package io.github.idgen.server;

import java.util.Set;

import io.github.idgen.info.Documentation;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.server.security.ConfiguredTokens;
import io.github.idgen.snowflake.IdGenerators;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.stereotype.Component;

/**
 * Says in the log, once the server is ready, how it runs and where it listens: the demo loudly, with
 * how to leave it; a service with its backends and the settings that made it one.
 */
@Component
class ModeAnnouncement implements ApplicationListener<ApplicationReadyEvent> {

	private static final Logger logger = LoggerFactory.getLogger(ModeAnnouncement.class);

	private final ObjectProvider<IdServiceInfo> info;

	private final ObjectProvider<SegmentIdServices> segments;

	private final ObjectProvider<IdGenerators> generators;

	private final ConfiguredTokens tokens;

	private final ListeningSockets sockets;

	ModeAnnouncement(ObjectProvider<IdServiceInfo> info, ObjectProvider<SegmentIdServices> segments,
			ObjectProvider<IdGenerators> generators, ConfiguredTokens tokens, ListeningSockets sockets) {
		this.info = info;
		this.segments = segments;
		this.generators = generators;
		this.tokens = tokens;
		this.sockets = sockets;
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		ConfigurableEnvironment environment = event.getApplicationContext().getEnvironment();
		String address = this.sockets.describe();
		IdServiceInfo info = this.info.getIfAvailable();
		String snowflake = ((info != null) ? info.mode() + " mode, worker id " + info.workerId() + ", datacenter id "
				+ info.datacenterId() : "the application's IdService") + namedGenerators();
		SegmentIdServices segments = this.segments.getIfAvailable();
		String segmentIds = (segments != null) ? "segment ids from " + segments.describeStore() + storeDefault(environment)
				: "no segment ids";
		if (ServerMode.of(environment) == ServerMode.DEMO) {
			String demoSegments = (segments != null) ? segmentIds
					+ " in an in-memory H2 database (demo tags orders, users, coupons; forgotten at exit)" : segmentIds;
			logger.warn("idgen-server is running as the DEMO on {}: {}; {}; {}. For trying the API on this machine"
					+ " only. To run it as a service, set one of {} and idgen.server.tokens: on the command line, in"
					+ " the environment or in config/application.yml under the working directory {} ({}); see"
					+ " " + Documentation.section("server.md", "the-service") + ".", address, snowflake, demoSegments,
					this.tokens.isEmpty() ? "no tokens needed" : this.tokens.size() + " token(s)",
					String.join(", ", ServerMode.SERVICE_KEYS), System.getProperty("user.dir"), filesRead(environment));
		}
		else {
			logger.info("idgen-server is serving on {}: {}; {}; {} token(s); service settings: {}", address, snowflake,
					segmentIds, this.tokens.size(), String.join(", ", SettingOrigins.serviceKeys(environment)));
		}
	}

	private static String filesRead(ConfigurableEnvironment environment) {
		Set<String> files = SettingOrigins.configFiles(environment);
		return files.isEmpty() ? "there is none" : "read " + String.join(", ", files) + ", which set none of them";
	}

	private String namedGenerators() {
		IdGenerators generators = this.generators.getIfAvailable();
		return (generators == null || generators.names().isEmpty()) ? ""
				: ", named generators " + String.join(", ", generators.names());
	}

	private static String storeDefault(ConfigurableEnvironment environment) {
		return ServerModeEnvironmentPostProcessor.isModeDefault(environment, "xxx.common.segment-store")
				? " (xxx.common.segment-store=" + environment.getProperty("xxx.common.segment-store")
						+ ", Redis mode's default)"
				: "";
	}

}
