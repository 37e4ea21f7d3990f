package io.github.idgen.examples;

import java.util.List;

import io.github.idgen.jackson.JsonId;

record OrderLines(@JsonId long id, @JsonId List<Long> lineIds, String customer) {
}
