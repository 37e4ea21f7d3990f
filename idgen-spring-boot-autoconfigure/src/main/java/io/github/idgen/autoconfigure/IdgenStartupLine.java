package io.github.idgen.autoconfigure;

import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The one INFO line that says, once every bean is made, what idgen is doing: the mode, the node id
 * (worker and datacenter id), the layout, and in fixed mode where the worker id came from. Fixed mode
 * with no worker id given anywhere gets a WARN as well, naming a profile that looks like production:
 * every instance so configured shares worker id 0 and issues the same ids (a misspelt key used to end
 * there; such keys now stop start-up).
 */
class IdgenStartupLine implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(IdgenStartupLine.class);

	private static final String WORKER_ID = "xxx.common.id-worker-id";

	/** prod, production, live, alone or as a part of a name such as prod-eu or eu_live. */
	private static final Pattern PRODUCTION = Pattern.compile("(?i)(.*[-_.])?(prod|production|live)([-_.].*)?");

	private final IdServiceInfo info;

	private final CommonProperties common;

	private final IdLayoutProperties layouts;

	private final Environment environment;

	IdgenStartupLine(IdServiceInfo info, CommonProperties common, IdLayoutProperties layouts, Environment environment) {
		this.info = info;
		this.common = common;
		this.layouts = layouts;
		this.environment = environment;
	}

	@Override
	public void afterSingletonsInstantiated() {
		logger.info(line());
		if (workerIdIsTheDefault()) {
			String production = productionProfile()
				.map((profile) -> ", and profile '" + profile + "' looks like production")
				.orElse("");
			logger.warn("No worker id is given (" + WORKER_ID + "): this instance issues its ids as worker id "
					+ this.info.workerId() + " of datacenter id " + this.info.datacenterId() + ", and so does every"
					+ " instance started like it, so their ids collide" + production + ". Give each instance its own "
					+ WORKER_ID + ", take it from a StatefulSet's host name (xxx.common.id-worker-id-from-hostname=true),"
					+ " or lease it (xxx.common.zookeeper-enabled, jdbc-enabled or redis-enabled=true).");
		}
	}

	String line() {
		LeaseInfo lease = this.info.lease();
		String workerId = "worker id " + this.info.workerId() + " ("
				+ ((lease != null) ? "leased at " + lease.path() : fixedWorkerIdSource()) + ")";
		String region = (this.common.getRegion() != null) ? " (region " + this.common.getRegion() + ")" : "";
		return "idgen started in " + this.info.mode() + " mode: " + workerId + ", datacenter id "
				+ this.info.datacenterId() + region + ", layout " + layout();
	}

	private String fixedWorkerIdSource() {
		if (this.common.isIdWorkerIdFromHostname()) {
			return "the ordinal of host name '" + GeneratorSettings.hostname(this.environment)
					+ "', xxx.common.id-worker-id-from-hostname=true";
		}
		return workerIdIsTheDefault() ? "the default: " + WORKER_ID + " is not set" : "set by " + WORKER_ID;
	}

	private boolean workerIdIsTheDefault() {
		return this.info.lease() == null && !this.common.isIdWorkerIdFromHostname()
				&& !Binder.get(this.environment).bind(WORKER_ID, Integer.class).isBound();
	}

	private String layout() {
		IdLayout layout = this.layouts.getIdLayout();
		String name = LayoutKeys.kebab(layout.name());
		return (layout == IdLayout.CUSTOM) ? name + " " + this.info.layout() : name;
	}

	private Optional<String> productionProfile() {
		return Arrays.stream(this.environment.getActiveProfiles())
			.filter((profile) -> PRODUCTION.matcher(profile).matches())
			.findFirst();
	}

}
