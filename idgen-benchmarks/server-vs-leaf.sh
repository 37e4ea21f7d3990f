#!/usr/bin/env bash
# idgen-server against Meituan Leaf's own leaf-server, side by side on one machine and one MariaDB, with
# keep-alive load from wrk (docs/benchmarks-stores.md, "idgen-server over HTTP").
#
#   idgen-benchmarks/server-vs-leaf.sh [path/to/leaf-server.jar]
#
# Without a jar, Leaf's rows are skipped. Leaf's jar is built by you from Meituan's public repository,
# never from this one. Run it from the repository's root after
#   mvn -B -ntp -pl idgen-server,idgen-benchmarks -am package -DskipTests
# It starts, in a temporary directory it removes afterwards: a MariaDB server (mariadbd), a ZooKeeper
# server for Leaf's Snowflake mode (curator-test's TestingServer from benchmarks.jar), Leaf's server,
# idgen-server as a service (JDBC lease mode on the same MariaDB, one bearer token, with the benchmark's
# constant endpoint loaded beside its own) and idgen-server as the demo. Every endpoint is warmed up,
# then measured in alternating rounds. Settings, from the environment:
ROUNDS=${ROUNDS:-5}                 # measured rounds; each round runs every endpoint once
WARMUP=${WARMUP:-30}                # seconds of load per endpoint before the first round
DURATION=${DURATION:-10}            # seconds per endpoint and round
THREADS=${THREADS:-2}               # wrk -t
CONNECTIONS=${CONNECTIONS:-32}      # wrk -c, kept alive
HEAP=${HEAP:--Xmx512m}              # both servers' heap
JAVA=${JAVA:-java}                  # the JVM of idgen-server (Leaf runs on LEAF_JAVA)
LEAF_JAVA=${LEAF_JAVA:-java}
IDGEN_OPTS=${IDGEN_OPTS:-}          # more JVM options for idgen-server, e.g. -XX:SharedArchiveFile=...
TAG=${TAG:-bench}                   # the segment tag both servers serve, at step 1000
set -euo pipefail

leaf_jar=${1:-}
root=$(pwd)
server_jar=$root/idgen-server/target/idgen-server.jar
benchmarks_jar=$root/idgen-benchmarks/target/benchmarks.jar
constant_jar=$(ls "$root"/idgen-benchmarks/target/idgen-benchmarks-*-constant-endpoint.jar 2>/dev/null | head -1 || true)

fail() { echo "server-vs-leaf: $*" >&2; exit 1; }
command -v wrk > /dev/null || fail "wrk is missing: apt-get install -y wrk"
command -v mariadbd > /dev/null || fail "mariadbd is missing: apt-get install -y mariadb-server"
for jar in "$server_jar" "$benchmarks_jar" "$constant_jar"; do
  [ -f "$jar" ] || fail "no ${jar:-constant-endpoint jar}: run mvn -B -ntp -pl idgen-server,idgen-benchmarks -am package -DskipTests from the repository's root"
done
if [ -n "$leaf_jar" ]; then [ -f "$leaf_jar" ] || fail "no Leaf jar at $leaf_jar"; leaf_jar=$(cd "$(dirname "$leaf_jar")" && pwd)/$(basename "$leaf_jar"); fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
work=$(mktemp -d /tmp/server-vs-leaf.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2> /dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

wait_for() { # what, command...
  local what=$1; shift
  for _ in $(seq 1 240); do "$@" > /dev/null 2>&1 && return 0; sleep 0.5; done
  tail -n 20 "$work"/*.log >&2
  fail "$what did not come up (the last lines of every log above)"
}

# MariaDB, one database for both servers
db_port=$(free_port)
mariadb-install-db --datadir="$work/db" --auth-root-authentication-method=normal > "$work/db-install.log" 2>&1
mariadbd --user=root --datadir="$work/db" --port="$db_port" --bind-address=127.0.0.1 --socket="$work/db.sock" \
  --skip-log-bin --skip-name-resolve --innodb-buffer-pool-size=64M > "$work/db.log" 2>&1 &
pids+=($!)
sql() { mariadb --socket="$work/db.sock" -uroot "$@"; }
wait_for MariaDB sql -e 'SELECT 1'
sql -e "CREATE DATABASE bench; CREATE USER 'bench'@'127.0.0.1' IDENTIFIED BY 'bench'; GRANT ALL ON bench.* TO 'bench'@'127.0.0.1';"
sql bench -e "CREATE TABLE leaf_alloc (biz_tag VARCHAR(128) NOT NULL DEFAULT '', max_id BIGINT NOT NULL DEFAULT 1,
  step INT NOT NULL, description VARCHAR(256) DEFAULT NULL,
  update_time TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, PRIMARY KEY (biz_tag)) ENGINE=InnoDB;
  INSERT INTO leaf_alloc (biz_tag, max_id, step) VALUES ('$TAG', 1, 1000);"

token=$(head -c 32 /dev/urandom | base64 | tr -d '/+=')
idgen_port=$(free_port)
demo_port=$(free_port)
"$JAVA" $HEAP $IDGEN_OPTS -Dloader.path="$constant_jar" -cp "$server_jar" \
  org.springframework.boot.loader.launch.PropertiesLauncher \
  --spring.main.sources=io.github.idgen.benchmarks.web.ConstantEndpoint --server.port="$idgen_port" \
  --spring.datasource.url="jdbc:mariadb://127.0.0.1:$db_port/bench" --spring.datasource.username=bench \
  --spring.datasource.password=bench --xxx.common.jdbc-enabled=true --xxx.common.jdbc-initialize-schema=always \
  --xxx.common.segment-initialize-schema=always --idgen.server.tokens[0].name=bench \
  --idgen.server.tokens[0].token="$token" > "$work/idgen.log" 2>&1 &
pids+=($!)
declare -A pid_of=([idgen]=$!)
"$JAVA" $HEAP $IDGEN_OPTS -jar "$server_jar" --server.port="$demo_port" > "$work/demo.log" 2>&1 &
pids+=($!)
pid_of[demo]=$!

if [ -n "$leaf_jar" ]; then
  zk_port=$(free_port)
  "$JAVA" -Xmx256m -cp "$benchmarks_jar" io.github.idgen.benchmarks.ZooKeeperForLeaf "$zk_port" > "$work/zk.log" 2>&1 &
  pids+=($!)
  wait_for ZooKeeper grep -q ready "$work/zk.log"
  leaf_port=$(free_port)
  mkdir -p "$work/leaf-conf" "$work/leaf-tmp"
  # Leaf reads leaf.properties from its class path only: Boot's PropertiesLauncher puts this directory first
  cat > "$work/leaf-conf/leaf.properties" <<EOF
leaf.name=idgen.bench
leaf.segment.enable=true
leaf.jdbc.url=jdbc:mysql://127.0.0.1:$db_port/bench?useSSL=false
leaf.jdbc.username=bench
leaf.jdbc.password=bench
leaf.snowflake.enable=true
leaf.snowflake.zk.address=127.0.0.1:$zk_port
leaf.snowflake.port=$leaf_port
EOF
  (cd "$work" && exec "$LEAF_JAVA" $HEAP --add-opens java.base/java.lang=ALL-UNNAMED -Djava.io.tmpdir="$work/leaf-tmp" \
    -Dloader.path="$work/leaf-conf" -cp "$leaf_jar" org.springframework.boot.loader.PropertiesLauncher \
    --server.port="$leaf_port" > "$work/leaf.log" 2>&1) &
  pids+=($!)
  pid_of[leaf]=$!
fi

auth="Authorization: Bearer $token"
idgen=http://127.0.0.1:$idgen_port
demo=http://127.0.0.1:$demo_port
wait_for idgen-server curl -sf -H "$auth" "$idgen/v1/ids/next"
wait_for "the idgen-server demo" curl -sf "$demo/v1/ids/next"
sql bench -e "INSERT INTO idgen_segment (tag, max_id, step) VALUES ('$TAG', 0, 1000);"
wait_for "idgen-server's tag $TAG" curl -sf -H "$auth" "$idgen/api/segment/get/$TAG"
if [ -n "$leaf_jar" ]; then
  leaf=http://127.0.0.1:$leaf_port
  wait_for "Leaf's server" curl -sf "$leaf/api/segment/get/$TAG"
  wait_for "Leaf's Snowflake mode" curl -sf "$leaf/api/snowflake/get/$TAG"
fi

# label|url|header: Leaf's row beside idgen's, so that a change in the machine's load falls on both alike
endpoints=()
[ -n "$leaf_jar" ] && endpoints+=("leaf segment|$leaf/api/segment/get/$TAG|")
endpoints+=("idgen segment|$idgen/api/segment/get/$TAG|$auth")
[ -n "$leaf_jar" ] && endpoints+=("leaf snowflake|$leaf/api/snowflake/get/$TAG|")
endpoints+=("idgen snowflake|$idgen/api/snowflake/get/$TAG|$auth"
  "idgen constant|$idgen/bench/constant/$TAG|$auth"
  "idgen ids?count=100|$idgen/v1/ids?count=100|$auth"
  "demo segment|$demo/api/segment/get/orders|"
  "demo snowflake|$demo/api/snowflake/get/orders|")

to_ms() { awk '{ v = $1 + 0; if ($1 ~ /us$/) v /= 1000; else if ($1 ~ /ms$/) ; else if ($1 ~ /m$/) v *= 60000; else if ($1 ~ /s$/) v *= 1000; printf "%.2f\n", v }'; }
results=$work/results
# CPU time of a process so far, in clock ticks (user + system, fields 14 and 15 of /proc/PID/stat)
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
run_wrk() { # seconds, label|url|header, round (0: warm-up)
  local label url header out pid before requests
  IFS='|' read -r label url header <<< "$2"
  pid=${pid_of[${label%% *}]}
  before=$(cpu_ticks "$pid")
  if [ -n "$header" ]; then out=$(/usr/bin/time -f 'wrk-cpu %U %S' wrk -t"$THREADS" -c"$CONNECTIONS" -d"$1"s --latency -H "$header" "$url" 2>&1)
  else out=$(/usr/bin/time -f 'wrk-cpu %U %S' wrk -t"$THREADS" -c"$CONNECTIONS" -d"$1"s --latency "$url" 2>&1); fi
  if grep -q -e 'Non-2xx' -e 'Socket errors' <<< "$out"; then fail "$label: $(grep -e 'Non-2xx' -e 'Socket errors' <<< "$out")"; fi
  [ "$3" = 0 ] && return 0
  requests=$(awk '/requests in/ { print $1 }' <<< "$out")
  # fields: label, round, requests/s, p50 ms, p99 ms, server CPU µs per request, wrk CPU µs per request
  printf '%s|%s|%s|%s|%s|%s|%s\n' "$label" "$3" "$(awk '/^Requests\/sec/ { print $2 }' <<< "$out")" \
    "$(awk '$1 == "50%" { print $2 }' <<< "$out" | to_ms)" "$(awk '$1 == "99%" { print $2 }' <<< "$out" | to_ms)" \
    "$(awk -v t=$(( $(cpu_ticks "$pid") - before )) -v n="$requests" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", t * 1e6 / hz / n }')" \
    "$(awk -v n="$requests" '/^wrk-cpu/ { printf "%.1f", ($2 + $3) * 1e6 / n }' <<< "$out")" >> "$results"
  tail -1 "$results" >&2
}

echo "warm-up: ${WARMUP} s per endpoint" >&2
for e in "${endpoints[@]}"; do run_wrk "$WARMUP" "$e" 0; done
for round in $(seq 1 "$ROUNDS"); do
  order=("${endpoints[@]}")
  # every other round backwards, so that neither server always runs first
  if [ $((round % 2)) = 0 ]; then order=(); for ((i = ${#endpoints[@]} - 1; i >= 0; i--)); do order+=("${endpoints[i]}"); done; fi
  for e in "${order[@]}"; do run_wrk "$DURATION" "$e" "$round"; done
done

# samples: unique, and increasing on each keep-alive connection (4 connections at once, 500 requests each)
check_ids() { # label, url, header
  local files=() curls=()
  for c in 1 2 3 4; do
    local urls=(); for _ in $(seq 1 500); do urls+=("$2"); done
    (if [ -n "$3" ]; then curl -sf -H "$3" -w '\n' "${urls[@]}"; else curl -sf -w '\n' "${urls[@]}"; fi \
      | tr -d '[]"' | tr ',' '\n' | grep -v '^$' > "$work/ids.$c") &
    curls+=($!)
    files+=("$work/ids.$c")
  done
  for job in "${curls[@]}"; do wait "$job"; done
  for f in "${files[@]}"; do
    [ "$(sort -n -u "$f")" = "$(cat "$f")" ] || fail "$1: ids not increasing on one connection ($f)"
  done
  local all unique
  all=$(cat "${files[@]}" | wc -l); unique=$(sort -u "${files[@]}" | wc -l)
  [ "$all" = "$unique" ] && [ "$all" -gt 0 ] || fail "$1: $((all - unique)) ids of $all came twice"
  echo "$1: $all ids, unique, increasing on each connection" >&2
}
for e in "${endpoints[@]}"; do
  IFS='|' read -r label url header <<< "$e"
  [ "$label" = "idgen constant" ] || check_ids "$label" "$url" "$header"
done

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
column() { awk -F'|' -v l="$1" -v c="$2" '$1 == l { print $c }' "$results"; }
stat() { column "$1" "$2" | median; }
column_all() { awk -F'|' -v c="$1" '{ print $c }' "$results"; }
rounds() { column "$1" 3 | awk '{ printf "%s%s", (NR > 1 ? " · " : ""), int($1 + 0.5) } END { print "" }'; }
fmt() { awk -v v="$1" 'BEGIN { s = sprintf("%d", v + 0.5); while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", s); print s }'; }

echo
echo "$ROUNDS rounds of ${DURATION} s, wrk -t$THREADS -c$CONNECTIONS keep-alive, after ${WARMUP} s of warm-up per endpoint;"
echo "idgen-server: $("$JAVA" -version 2>&1 | head -1); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| endpoint | Leaf req/s | idgen-server req/s | idgen / Leaf | p50 Leaf / idgen | p99 Leaf / idgen | server CPU per request, Leaf / idgen |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for kind in segment snowflake; do
  path=$([ $kind = segment ] && echo "/api/segment/get/{tag}" || echo "/api/snowflake/get/{key}")
  i=$(stat "idgen $kind" 3)
  if [ -n "$leaf_jar" ]; then
    l=$(stat "leaf $kind" 3)
    echo "| \`GET $path\` | $(fmt "$l") | $(fmt "$i") | **$(awk -v a="$i" -v b="$l" 'BEGIN { printf "%.2f", a / b }')** | $(stat "leaf $kind" 4) / $(stat "idgen $kind" 4) ms | $(stat "leaf $kind" 5) / $(stat "idgen $kind" 5) ms | $(stat "leaf $kind" 6) / $(stat "idgen $kind" 6) µs |"
  else
    echo "| \`GET $path\` | | $(fmt "$i") | | $(stat "idgen $kind" 4) ms | $(stat "idgen $kind" 5) ms | $(stat "idgen $kind" 6) µs |"
  fi
done
echo "| a constant behind idgen-server's filters | | $(fmt "$(stat "idgen constant" 3)") | | $(stat "idgen constant" 4) ms | $(stat "idgen constant" 5) ms | $(stat "idgen constant" 6) µs |"
echo "| demo (no tokens): \`GET /api/segment/get/{tag}\` | | $(fmt "$(stat "demo segment" 3)") | | $(stat "demo segment" 4) ms | $(stat "demo segment" 5) ms | $(stat "demo segment" 6) µs |"
echo "| demo (no tokens): \`GET /api/snowflake/get/{key}\` | | $(fmt "$(stat "demo snowflake" 3)") | | $(stat "demo snowflake" 4) ms | $(stat "demo snowflake" 5) ms | $(stat "demo snowflake" 6) µs |"
echo "| \`GET /v1/ids?count=100\`: ids/s | | $(fmt "$(awk -v v="$(stat "idgen ids?count=100" 3)" 'BEGIN { print v * 100 }')") | | $(stat "idgen ids?count=100" 4) ms | $(stat "idgen ids?count=100" 5) ms | $(stat "idgen ids?count=100" 6) µs |"
echo
echo "wrk's own CPU per request, median of every run: $(column_all 7 | median) µs"
echo
echo "requests/s of each round:"
for e in "${endpoints[@]}"; do IFS='|' read -r label _ <<< "$e"; echo "- $label: $(rounds "$label")"; done
