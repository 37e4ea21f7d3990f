package io.github.idgen.examples;

import java.time.Duration;

import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.jdbc.LeaseSchemaInitialization;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.postgresql.ds.PGSimpleDataSource;

public class LeasedIds {

	public static void main(String[] args) {
		PGSimpleDataSource database = new PGSimpleDataSource();
		database.setURL(args[0]); // jdbc:postgresql://host:5432/db?user=...&password=...
		try (JdbcLeaseDeployment lease = JdbcLeaseDeployment.builder(database)
			.leaseGroup("orders-service")
			.schemaInitialization(LeaseSchemaInitialization.ALWAYS)
			.build()) {
			lease.start();
			try (IdServiceProxy proxy = new IdServiceProxy(lease, Duration.ofSeconds(2), IdServiceTwitter::builder)) {
				IdService ids = proxy;
				long first = ids.nextId();
				System.out.println("worker id " + lease.getWorkerId() + ", ids " + first + " and " + ids.nextId());
			}
		}
	}

}
