package io.github.idgen.examples;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import io.github.idgen.jackson.JsonId;
import io.github.idgen.jackson.JsonId.Format;

@Retention(RetentionPolicy.RUNTIME)
@JacksonAnnotationsInside
@JsonId(format = Format.BASE36, prefix = "lin-")
@interface LineId {
}

record Line(@LineId long id) { // {"id":"lin-0g4xxjef4syyp"}
}
