#!/usr/bin/env bash
# Installs the servers that the tests start as their own processes: PostgreSQL (15, from Debian's
# `postgresql`), MariaDB (`mariadb-server`) and Redis (`redis-server`), and the browser that
# idgen-server's console tests drive (Debian's `chromium` and `chromium-driver`: /usr/bin/chromium,
# /usr/bin/chromedriver). Idempotent: installs only what is missing, nothing when all are there. The distribution's own services are not started (a temporary policy-rc.d
# forbids it), so nothing listens on 5432/3306/6379 afterwards; the tests start servers on free ports
# in throwaway directories.
set -euo pipefail

have_postgres() {
	compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null
}

have_mariadb() {
	command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || return 1
	command -v mariadb-install-db >/dev/null 2>&1 || [ -x /usr/bin/mariadb-install-db ]
}

have_redis() {
	command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ]
}

have_chromium() {
	[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]
}

missing=()
have_postgres || missing+=(postgresql)
have_mariadb || missing+=(mariadb-server)
have_redis || missing+=(redis-server)
have_chromium || missing+=(chromium chromium-driver)

if [ ${#missing[@]} -eq 0 ]; then
	echo "install-test-databases: PostgreSQL, MariaDB, Redis and Chromium with its driver are installed"
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "install-test-databases: ${missing[*]} missing, and this is not root." >&2
	echo "Install them with: sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
	echo "(the tests need /usr/lib/postgresql/*/bin/initdb, pg_ctl, mariadbd, mariadb-install-db, redis-server," >&2
	echo "/usr/bin/chromium and /usr/bin/chromedriver)" >&2
	exit 1
fi

policy=/usr/sbin/policy-rc.d
created_policy=false
if [ ! -e "$policy" ]; then
	# exit code 101 = "action forbidden": apt's maintainer scripts then do not start the services
	printf '#!/bin/sh\nexit 101\n' >"$policy"
	chmod 755 "$policy"
	created_policy=true
fi
cleanup() {
	if [ "$created_policy" = true ]; then
		rm -f "$policy"
	fi
}
trap cleanup EXIT

export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"

if ! have_postgres || ! have_mariadb || ! have_redis || ! have_chromium; then
	echo "install-test-databases: installed ${missing[*]}, but initdb/pg_ctl/mariadbd/mariadb-install-db/redis-server/chromium/chromedriver are still missing" >&2
	exit 1
fi
echo "install-test-databases: installed ${missing[*]} (services not started)"
