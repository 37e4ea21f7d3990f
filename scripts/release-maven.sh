#!/usr/bin/env bash
# Prints the path of a Maven that can run the release profile: central-publishing-maven-plugin requires
# Maven 3.9.2 or newer, and Debian's maven package is 3.8.7. The `mvn` on the PATH when it is new enough;
# otherwise Apache Maven 3.9.16, taken once from Maven Central as the artifact
# org.apache.maven:apache-maven:3.9.16:tar.gz:bin by the `mvn` there is (so through whatever mirror its
# settings name) and unpacked under ~/.cache/idgen (IDGEN_CACHE overrides it).
# Used by scripts/release.sh and scripts/release-dry-run.sh; messages go to stderr, the path to stdout.
set -euo pipefail

wanted_version=3.9.16

# true when "X.Y.Z" is 3.9.2 or newer
new_enough() {
	local major minor patch
	IFS=. read -r major minor patch <<<"$1"
	patch="${patch%%[!0-9]*}"
	[ "${major:-0}" -gt 3 ] || { [ "${major:-0}" -eq 3 ] && { [ "${minor:-0}" -gt 9 ] || { [ "${minor:-0}" -eq 9 ] && [ "${patch:-0}" -ge 2 ]; }; }; }
}

if ! command -v mvn >/dev/null 2>&1; then
	echo "release-maven: no mvn on the PATH; install Maven (apt-get install maven) or put a Maven 3.9.2+ there" >&2
	exit 1
fi

path_version=$(mvn -v 2>/dev/null | sed -nE 's/.*Apache Maven ([0-9]+\.[0-9]+\.[0-9]+).*/\1/p' | head -1)
if [ -n "$path_version" ] && new_enough "$path_version"; then
	command -v mvn
	exit 0
fi

cache="${IDGEN_CACHE:-$HOME/.cache/idgen}"
home="$cache/apache-maven-$wanted_version"
if [ ! -x "$home/bin/mvn" ]; then
	echo "release-maven: the mvn on the PATH is Maven ${path_version:-of unknown version}; the release needs 3.9.2+, fetching Maven $wanted_version" >&2
	download="$(mktemp -d)"
	trap 'rm -rf "$download"' EXIT
	mvn -B -ntp -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
		-Dartifact="org.apache.maven:apache-maven:$wanted_version:tar.gz:bin" -DoutputDirectory="$download" >&2
	mkdir -p "$cache"
	tar -xzf "$download/apache-maven-$wanted_version-bin.tar.gz" -C "$download"
	rm -rf "$home"
	mv "$download/apache-maven-$wanted_version" "$home"
fi
echo "$home/bin/mvn"
