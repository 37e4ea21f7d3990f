package io.github.idgen.autoconfigure;

import java.util.Map;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import org.springframework.validation.Errors;

/**
 * The rules of {@code xxx.common.regions} and {@code xxx.common.region}: a region names one of the
 * regions, each region a datacenter id of its own, and {@code id-data-center-id}, when set beside a
 * region, the same id.
 */
final class Regions {

	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");

	private Regions() {
	}

	static void validate(CommonProperties properties, Errors errors) {
		Map<String, Integer> regions = properties.getRegions();
		regions.forEach((name, datacenterId) -> {
			if (!NAME.matcher(name).matches()) {
				errors.rejectValue("regions", "name", "xxx.common.regions." + name + " names a region '" + name
						+ "': a name is 1 to 64 letters, digits, '-' and '_', such as 'eu-west' or 'dc1'.");
			}
			else if (datacenterId == null || datacenterId < 0) {
				errors.rejectValue("regions", "range", "xxx.common.regions." + name + " must be a datacenter id, 0 or"
						+ " more, was " + datacenterId + ".");
			}
		});
		String shared = sharedDatacenterId(regions);
		if (shared != null) {
			errors.rejectValue("regions", "unique", shared);
		}
		String region = properties.getRegion();
		if (region == null) {
			return;
		}
		if (!regions.containsKey(region)) {
			errors.rejectValue("region", "unknown", "xxx.common.region is '" + region + "', which is not one of"
					+ " xxx.common.regions (" + (regions.isEmpty() ? "none is set" : String.join(", ", regions.keySet()))
					+ "). Name this instance's region among them, or add 'xxx.common.regions." + region
					+ ": <datacenter id>' (the same map in every region).");
			return;
		}
		Integer datacenterId = properties.getIdDataCenterId();
		if (datacenterId != null && !datacenterId.equals(regions.get(region))) {
			errors.rejectValue("idDataCenterId", "region", "xxx.common.id-data-center-id is " + datacenterId
					+ ", but xxx.common.region '" + region + "' has datacenter id " + regions.get(region)
					+ " (xxx.common.regions." + region + "). Remove xxx.common.id-data-center-id: the region decides.");
		}
	}

	/** Two regions on one datacenter id would lease the same node ids from their own stores. */
	private static @Nullable String sharedDatacenterId(Map<String, Integer> regions) {
		for (Map.Entry<String, Integer> one : regions.entrySet()) {
			for (Map.Entry<String, Integer> other : regions.entrySet()) {
				if (one.getKey().compareTo(other.getKey()) < 0 && one.getValue() != null
						&& one.getValue().equals(other.getValue())) {
					return "xxx.common.regions." + one.getKey() + " and xxx.common.regions." + other.getKey()
							+ " are both datacenter id " + one.getValue() + ": instances of the two regions, each"
							+ " leasing from its own store, would share node ids and so issue the same ids. Give every"
							+ " region a datacenter id of its own.";
				}
			}
		}
		return null;
	}

}
