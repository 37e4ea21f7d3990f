#!/usr/bin/env bash
# The project's test command: installs the database servers the tests start, then runs every test.
# Extra arguments go to Maven, e.g. `bash scripts/test.sh -pl idgen-spring-boot-autoconfigure -am`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-test-databases.sh
mvn -B -ntp verify "$@"
