#!/usr/bin/env bash
# The release to Maven Central (docs/releasing.md): `bash scripts/release.sh VERSION [MAVEN_ARGUMENTS...]`.
# Builds the checkout's files (committed or not; never target/) in a throwaway copy whose poms carry VERSION
# instead of the -SNAPSHOT version, and runs there
#     mvn -B -ntp -Prelease -Dmaven.test.skip=true [MAVEN_ARGUMENTS...] deploy
# on Maven 3.9 (scripts/release-maven.sh): sources and Javadoc jars, Bouncy Castle signatures with the key in
# MAVEN_GPG_KEY (passphrase MAVEN_GPG_PASSPHRASE), the bundle with its checksums, uploaded to the Central Portal
# with the user token of server id `central` in the Maven settings. The tests are not run: release a commit
# whose CI passed. The bundle is kept as target/release/central-bundle.zip of this checkout.
# scripts/release-dry-run.sh runs this same script against a Portal of its own on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
	echo "release: $*" >&2
	exit 1
}

[ $# -ge 1 ] || fail "usage: bash scripts/release.sh VERSION [MAVEN_ARGUMENTS...] (VERSION such as 0.1.0, no -SNAPSHOT)"
version="$1"
shift
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([.-][0-9A-Za-z.-]+)?$ ]] ||
	fail "VERSION '$version' is not a version such as 0.1.0 or 0.1.0-RC1"
[[ "$version" != *SNAPSHOT* ]] || fail "VERSION '$version' is a snapshot; the Central Portal takes releases only"
[ -n "${MAVEN_GPG_KEY:-}" ] || fail "MAVEN_GPG_KEY is not set: export the armored secret signing key into it (docs/releasing.md, Secrets)"
[ -n "${MAVEN_GPG_PASSPHRASE+set}" ] || fail "MAVEN_GPG_PASSPHRASE is not set: export the signing key's passphrase into it (docs/releasing.md, Secrets)"

snapshot=$(sed -nE '0,/<artifactId>idgen-parent<\/artifactId>/d; s|^  <version>([^<]+)</version>$|\1|p' pom.xml | head -1)
[ -n "$snapshot" ] || fail "cannot read the project version from pom.xml"
mvn_command=$(bash scripts/release-maven.sh)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# the checkout's own files, as they are on disk, without build output
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
	[ -e "$file" ] && printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$work"
# the project's version and each module's parent version; no other pom line holds it
find "$work" -name pom.xml -exec sed -i "s|<version>$snapshot</version>|<version>$version</version>|" {} +
if grep -rl --include=pom.xml -e "$snapshot" "$work" >/dev/null; then
	fail "a pom still names $snapshot after the version was set: $(grep -rl --include=pom.xml -e "$snapshot" "$work" | head -3)"
fi

echo "release: building idgen $version (from $snapshot) with $("$mvn_command" -v 2>/dev/null | head -1)"
(cd "$work" && "$mvn_command" -B -ntp -Prelease -Dmaven.test.skip=true "$@" deploy)

mkdir -p target/release
cp "$work/target/central-publishing/central-bundle.zip" target/release/central-bundle.zip
echo "release: the bundle of idgen $version is target/release/central-bundle.zip"
