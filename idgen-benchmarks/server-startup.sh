#!/usr/bin/env bash
# idgen-server's start-up as a service: from launching java to the first id served (the first 200 of
# GET /v1/ids/next with a bearer token), in JDBC lease mode on a MariaDB of its own, on two JDKs, plain and
# with the class-data cache of docs/server.md's recipe, and on the Spring AOT code the jar carries
# (-Dspring.aot.enabled=true, made for this mode) (docs/benchmarks-stores.md, "Start-up of idgen-server"):
#
#   idgen-benchmarks/server-startup.sh [java17] [java25]
#
# Run from the repository's root after mvn -B -ntp -pl idgen-server -am package -DskipTests. It starts, in a
# temporary directory it removes afterwards, a MariaDB server (mariadbd) and, from the extracted jar, the
# server RUNS times per variant (default 7), the variants alternating so that a change in the machine's load
# falls on all alike. Each start is timed from the moment java is launched to the first 200, polled every
# 10 ms over one loopback connection; Spring Boot's own "Started ... process running for" is printed beside it.
# Every start takes a worker id from the lease table and gives it back when stopped (SIGTERM, graceful).
RUNS=${RUNS:-7}
HEAP=${HEAP:--Xmx512m}
set -euo pipefail

java17=${1:-java}
java25=${2:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
jar=${JAR:-$(pwd)/idgen-server/target/idgen-server.jar}   # JAR=... measures another build
fail() { echo "server-startup: $*" >&2; exit 1; }
[ -f "$jar" ] || fail "no $jar: run mvn -B -ntp -pl idgen-server -am package -DskipTests"
command -v mariadbd > /dev/null || fail "mariadbd is missing: apt-get install -y mariadb-server"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
work=$(mktemp -d /tmp/server-startup.XXXXXX)
db_pid=
cleanup() {
  [ -n "$db_pid" ] && { kill "$db_pid" 2> /dev/null || true; wait "$db_pid" 2> /dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

# MariaDB with the database and user of a service
db_port=$(free_port)
mariadb-install-db --datadir="$work/db" --auth-root-authentication-method=normal > "$work/db-install.log" 2>&1
mariadbd --user=root --datadir="$work/db" --port="$db_port" --bind-address=127.0.0.1 --socket="$work/db.sock" \
  --skip-log-bin --skip-name-resolve --innodb-buffer-pool-size=64M > "$work/db.log" 2>&1 &
db_pid=$!
sql() { mariadb --socket="$work/db.sock" -uroot "$@"; }
for _ in $(seq 1 120); do sql -e 'SELECT 1' > /dev/null 2>&1 && break; sleep 0.5; done
sql -e "CREATE DATABASE idgen; CREATE USER 'idgen'@'127.0.0.1' IDENTIFIED BY 'idgen';
  GRANT ALL ON idgen.* TO 'idgen'@'127.0.0.1';" || fail "MariaDB did not come up: $(tail -n 5 "$work/db.log")"

# the extracted layout the caches need (the launcher's nested jars cannot be cached)
"$java17" -Djarmode=tools -jar "$jar" extract --destination "$work/app" > /dev/null
app=$work/app/$(basename "$jar")
# training runs as in docs/server.md's recipe: the demo (a container build has no database to reach) up to
# the refreshed context (Spring Boot's spring.context.exit=onRefresh)
"$java17" -XX:ArchiveClassesAtExit="$work/app17.jsa" -Dspring.context.exit=onRefresh -jar "$app" > "$work/train17.log" 2>&1 \
  || fail "the JDK 17 training run failed: $(tail -n 20 "$work/train17.log")"
"$java25" -XX:AOTCacheOutput="$work/app25.aot" -Dspring.context.exit=onRefresh -jar "$app" > "$work/train25.log" 2>&1 \
  || fail "the JDK 25 training run failed: $(tail -n 20 "$work/train25.log")"

token=$(head -c 32 /dev/urandom | base64 | tr -d '/+=')
service=(--spring.datasource.url="jdbc:mariadb://127.0.0.1:$db_port/idgen" --spring.datasource.username=idgen
  --spring.datasource.password=idgen --xxx.common.jdbc-enabled=true "--idgen.server.tokens[0].name=startup"
  "--idgen.server.tokens[0].token=$token")

# first_id java options... : launches the server, prints "seconds-to-first-id seconds-to-Started", stops it
first_id() {
  local port; port=$(free_port)
  python3 - "$port" "$token" "$work/run.log" "$@" -jar "$app" --server.port="$port" "${service[@]}" "${schema[@]}" <<'EOF'
import http.client, re, signal, subprocess, sys, time
port, token, log = int(sys.argv[1]), sys.argv[2], sys.argv[3]
with open(log, "w") as out:
    launched = time.monotonic()
    server = subprocess.Popen(sys.argv[4:], stdout=out, stderr=subprocess.STDOUT)
    first = None
    while first is None and server.poll() is None and time.monotonic() - launched < 120:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            while first is None:
                connection.request("GET", "/v1/ids/next", headers={"Authorization": "Bearer " + token})
                response = connection.getresponse()
                response.read()
                if response.status == 200:
                    first = time.monotonic() - launched
                else:
                    time.sleep(0.01)
        except OSError:
            time.sleep(0.01)
    server.send_signal(signal.SIGTERM)
    server.wait()
started = re.search(r"Started IdgenServerApplication .*process running for ([0-9.]+)", open(log).read())
if first is None or started is None:
    sys.exit("server-startup: no id served; the server's log:\n" + open(log).read()[-3000:])
print("%.3f %s" % (first, started.group(1)))
EOF
}

# the first start creates the tables (a service's database has them already); the measured ones do not
schema=(--xxx.common.jdbc-initialize-schema=always --xxx.common.segment-initialize-schema=always)
first_id "$java17" $HEAP > /dev/null
schema=()
# the Spring AOT code is a service's, so its training run is one: on the database, up to the refreshed context
"$java25" -XX:AOTCacheOutput="$work/app25-spring-aot.aot" -Dspring.aot.enabled=true -Dspring.context.exit=onRefresh \
  -jar "$app" "${service[@]}" > "$work/train25-spring-aot.log" 2>&1 \
  || fail "the JDK 25 training run on the Spring AOT code failed: $(tail -n 20 "$work/train25-spring-aot.log")"

declare -A to_id to_started
variants=("JDK 17|$java17|" "JDK 17, CDS archive|$java17|-XX:SharedArchiveFile=$work/app17.jsa"
  "JDK 17, Spring AOT|$java17|-Dspring.aot.enabled=true" "JDK 25|$java25|" "JDK 25, AOT cache|$java25|-XX:AOTCache=$work/app25.aot"
  "JDK 25, AOT cache and Spring AOT|$java25|-XX:AOTCache=$work/app25-spring-aot.aot -Dspring.aot.enabled=true")
for _ in $(seq 1 "$RUNS"); do
  for v in "${variants[@]}"; do
    IFS='|' read -r name java opts <<< "$v"
    # shellcheck disable=SC2086
    read -r id started <<< "$(first_id "$java" $opts $HEAP)"
    to_id[$name]+="$id "
    to_started[$name]+="$started "
  done
done
median() { tr ' ' '\n' <<< "$1" | grep -v '^$' | sort -n \
  | awk '{ v[NR] = $1 } END { printf "%.2f s (%.2f..%.2f)", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
echo "| JVM | java to first id, median of $RUNS (min..max) | Spring's \"Started\", median (min..max) |"
echo "| --- | ---: | ---: |"
for v in "${variants[@]}"; do
  IFS='|' read -r name _ <<< "$v"
  echo "| $name | $(median "${to_id[$name]}") | $(median "${to_started[$name]}") |"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
