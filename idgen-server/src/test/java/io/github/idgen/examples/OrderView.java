package io.github.idgen.examples;

import io.github.idgen.jackson.JsonId;
import io.github.idgen.jackson.JsonId.Format;

record OrderView(@JsonId(format = Format.BASE62, prefix = "ord_") long id, @JsonId long number, String issuedAt) {
}
