package io.github.idgen.testsupport;

import java.util.List;
import java.util.Set;

import io.github.idgen.testsupport.PromQlReferences.Reference;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PromQlReferencesTests {

	@Test
	void aSelectorNamesItsMetricAndLabelsAndFunctionsAggregationsAndVariablesAreNone() {
		assertThat(PromQlReferences.references(
				"sum by (instance, mode) (rate(idgen_ids_issued_total{job=~\"$job\", instance=~\"${instance}\"}[$__rate_interval]))"))
			.containsExactly(new Reference("idgen_ids_issued_total", Set.of("job", "instance", "mode")));
	}

	@Test
	void aPostfixByClauseGroupsTheAggregationBeforeItAndNotTheOtherSide() {
		assertThat(PromQlReferences.references("sum(rate(a_total[5m])) by (tag) / on() group_left count(b)"))
			.containsExactly(new Reference("a_total", Set.of("tag")), new Reference("b", Set.of()));
	}

	@Test
	void histogramQuantileNeedsTheLeLabelItGroupsBy() {
		List<Reference> references = PromQlReferences.references(
				"histogram_quantile(0.99, sum by (le, idgen_tag) (rate(http_server_requests_seconds_bucket{uri=\"/v1/segments/{tag}/ranges\"}[5m])))");
		assertThat(references).containsExactly(
				new Reference("http_server_requests_seconds_bucket", Set.of("le", "idgen_tag", "uri")));
	}

	@Test
	void aMatchingClauseAppliesToBothSides() {
		assertThat(PromQlReferences.references("x * on (instance) group_left (mode) y"))
			.containsExactly(new Reference("x", Set.of("instance", "mode")), new Reference("y", Set.of("instance", "mode")));
	}

	@Test
	void aGrafanaLabelValuesQueryNamesItsMetricAndLabel() {
		assertThat(PromQlReferences.references("label_values(idgen_segment_ids_left{job=~\"$job\"}, tag)"))
			.containsExactly(new Reference("idgen_segment_ids_left", Set.of("job", "tag")));
		assertThat(PromQlReferences.references("{__name__=\"up\", job=\"a\"} == 1"))
			.containsExactly(new Reference("up", Set.of("job")));
	}

	@Test
	void brokenExpressionsAreRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> PromQlReferences.references("sum(rate(x[5m])"));
		assertThatIllegalArgumentException().isThrownBy(() -> PromQlReferences.references("x{a=b}"));
		assertThatIllegalArgumentException().isThrownBy(() -> PromQlReferences.references("x{a=\"b\""));
	}

	@Test
	void aScrapeHoldsEachMetricWithTheLabelsOfItsSeries() {
		PrometheusScrape scrape = PrometheusScrape.parse("""
				# HELP idgen_ids_issued_total Ids issued
				# TYPE idgen_ids_issued_total counter
				idgen_ids_issued_total{mode="cluster"} 3.0
				http_server_requests_seconds_count{exception="none",uri="/a\\"b",status="200"} 1
				http_server_requests_seconds_count{idgen_tag="orders",status="503"} 1
				process_uptime_seconds 12.5
				""");
		assertThat(scrape.metrics()).containsOnlyKeys("idgen_ids_issued_total", "http_server_requests_seconds_count",
				"process_uptime_seconds");
		assertThat(scrape.metrics().get("http_server_requests_seconds_count"))
			.containsExactly("exception", "idgen_tag", "status", "uri");
		assertThat(scrape.metrics().get("process_uptime_seconds")).isEmpty();
		assertThat(scrape.and(PrometheusScrape.parse("idgen_ids_issued_total{instance_name=\"x\"} 1\n"))
			.metrics()
			.get("idgen_ids_issued_total")).containsExactly("instance_name", "mode");
	}

	@Test
	void theCheckNamesAMissingMetricAndAMissingLabel() {
		PrometheusScrape scrape = PrometheusScrape.parse("idgen_lease_valid{mode=\"jdbc\"} 1\n");
		List<GrafanaDashboard.Query> queries = List.of(new GrafanaDashboard.Query("Lease", "valid", "idgen_lease_valid{job=\"a\"}"),
				new GrafanaDashboard.Query("Lease", "typo", "idgen_lease_vaild"),
				new GrafanaDashboard.Query("Lease", "label", "max by (tag) (idgen_lease_valid)"));
		assertThat(GrafanaDashboard.problems(queries, scrape, Set.of("job", "instance"))).containsExactly(
				"Lease / typo: idgen_lease_vaild: no metric idgen_lease_vaild in the scrapes (idgen_lease_* there: idgen_lease_valid)",
				"Lease / label: max by (tag) (idgen_lease_valid): metric idgen_lease_valid has no label tag (it has [mode])");
	}

}
