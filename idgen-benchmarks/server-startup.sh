#!/usr/bin/env bash
# idgen-server's start-up, JVM start to "Started" (Spring Boot's "process running for"), on two JDKs, each
# plain and with a class-data cache trained on the server itself (docs/server.md, "Start-up"):
#
#   idgen-benchmarks/server-startup.sh [java17] [java25]
#
# Run from the repository's root after mvn -B -ntp -pl idgen-server -am package -DskipTests. The server
# runs as the demo (nothing to connect to, so the figure is the JVM's and Spring's own); the variants
# alternate, RUNS times each (default 7), and the medians are printed.
RUNS=${RUNS:-7}
set -euo pipefail

java17=${1:-java}
java25=${2:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
jar=$(pwd)/idgen-server/target/idgen-server.jar
[ -f "$jar" ] || { echo "no $jar: run mvn -B -ntp -pl idgen-server -am package -DskipTests" >&2; exit 1; }
work=$(mktemp -d /tmp/server-startup.XXXXXX)
trap 'rm -rf "$work"' EXIT

# the extracted layout the caches need (the launcher's nested jars cannot be cached)
"$java17" -Djarmode=tools -jar "$jar" extract --destination "$work/app" > /dev/null
app=$work/app/idgen-server.jar
# training runs: start, refresh the context, exit (Spring Boot's spring.context.exit=onRefresh)
"$java17" -XX:ArchiveClassesAtExit="$work/app17.jsa" -Dspring.context.exit=onRefresh -jar "$app" > "$work/train17.log" 2>&1
"$java25" -XX:AOTCacheOutput="$work/app25.aot" -Dspring.context.exit=onRefresh -jar "$app" > "$work/train25.log" 2>&1

started() { # java, options... ; prints seconds from JVM start to "Started"
  local java=$1; shift
  local port; port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  "$java" "$@" -Xmx512m -jar "$app" --server.port="$port" > "$work/run.log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 1200); do grep -qs 'Started IdgenServerApplication' "$work/run.log" && break; sleep 0.1; done
  kill "$pid"; wait "$pid" 2> /dev/null || true
  sed -n 's/.*Started IdgenServerApplication.*process running for \([0-9.]*\).*/\1/p' "$work/run.log"
}

declare -A times
variants=("JDK 17|$java17|" "JDK 17, CDS archive|$java17|-XX:SharedArchiveFile=$work/app17.jsa"
  "JDK 25|$java25|" "JDK 25, AOT cache|$java25|-XX:AOTCache=$work/app25.aot")
for _ in $(seq 1 "$RUNS"); do
  for v in "${variants[@]}"; do
    IFS='|' read -r name java opts <<< "$v"
    # shellcheck disable=SC2086
    times[$name]+="$(started "$java" $opts) "
  done
done
echo "| JVM | start-up to Started, median of $RUNS (min..max) |"
echo "| --- | ---: |"
for v in "${variants[@]}"; do
  IFS='|' read -r name _ <<< "$v"
  tr ' ' '\n' <<< "${times[$name]}" | grep -v '^$' | sort -n \
    | awk -v n="$name" '{ v[NR] = $1 } END { printf "| %s | %.2f s (%.2f..%.2f) |\n", n, v[int((NR + 1) / 2)], v[1], v[NR] }'
done
