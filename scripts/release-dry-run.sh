#!/usr/bin/env bash
# The release rehearsed without publishing (docs/releasing.md, "The dry run"):
#     bash scripts/release-dry-run.sh              builds the bundle and checks it
#     bash scripts/release-dry-run.sh ZIP [KEY]    only checks ZIP, against public key KEY (default: the key
#                                                  of the last dry run, target/release-dry-run/public-key.asc)
# It makes a throwaway signing key, starts a stand-in for the Central Portal's upload endpoint on 127.0.0.1
# (scripts/release/FakeCentralPortal.java) and runs scripts/release.sh, the maintainer's command, unchanged but
# pointed at it: the release profile signs, bundles and uploads as in a real release, and nothing leaves the
# machine (Maven Central is the only host it reaches, for plugins and dependencies). Then it checks the
# uploaded bundle (scripts/release/CheckCentralBundle.java): every published module's pom, jar, sources and
# Javadoc jars, each with a signature that verifies against the throwaway key and matching .md5 and .sha1; no
# module that is not published, no test jar; the pom elements the Portal requires. Exits non-zero naming
# every problem. Needs gpg (installed with apt-get when missing and this is root) and a JDK.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
out="$root/target/release-dry-run"
start=$(date +%s)

fail() {
	echo "release-dry-run: $*" >&2
	exit 1
}

if ! command -v gpg >/dev/null 2>&1; then
	if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "release-dry-run: installing gpg (Debian package gnupg)"
		DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends gnupg >/dev/null
	else
		fail "gpg is missing: install GnuPG (apt-get install gnupg) to make and check signatures"
	fi
fi

check() {
	local zip="$1" key="$2"
	[ -f "$zip" ] || fail "no bundle at $zip"
	[ -f "$key" ] || fail "no public key at $key (pass the key that signed the bundle as the second argument)"
	java "$root/scripts/release/CheckCentralBundle.java" "$root" "$zip" "$key"
}

if [ $# -ge 1 ]; then
	check "$1" "${2:-$out/public-key.asc}"
	exit
fi

work="$(mktemp -d)"
portal_pid=
cleanup() {
	if [ -n "$portal_pid" ]; then
		kill "$portal_pid" 2>/dev/null || true
	fi
	gpgconf --homedir "$work/gnupg" --kill all >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT

# the throwaway key: ed25519, no passphrase prompt, expiring tomorrow
mkdir -m 700 "$work/gnupg"
passphrase="dry-run-$RANDOM$RANDOM"
gpg --homedir "$work/gnupg" --batch --quiet --pinentry-mode loopback --passphrase "$passphrase" \
	--quick-gen-key 'idgen release dry run <dry-run@idgen.invalid>' ed25519 sign 1d 2>/dev/null
rm -rf "$out"
mkdir -p "$out"
gpg --homedir "$work/gnupg" --batch --armor --export >"$out/public-key.asc"
MAVEN_GPG_KEY="$(gpg --homedir "$work/gnupg" --batch --pinentry-mode loopback --passphrase "$passphrase" --armor --export-secret-keys)"
MAVEN_GPG_PASSPHRASE="$passphrase"
export MAVEN_GPG_KEY MAVEN_GPG_PASSPHRASE

java "$root/scripts/release/FakeCentralPortal.java" "$work/portal-port" "$work/uploads" &
portal_pid=$!
for _ in $(seq 1 120); do
	[ -s "$work/portal-port" ] && break
	kill -0 "$portal_pid" 2>/dev/null || fail "the stand-in Portal did not start"
	sleep 0.5
done
[ -s "$work/portal-port" ] || fail "the stand-in Portal did not start within 60 s"
port=$(cat "$work/portal-port")

# the user token of server id `central`, read from the environment as docs/releasing.md tells maintainers to
# write it (and as actions/setup-java writes it for .github/workflows/release.yml); passed as global settings so
# that the user's own settings (mirrors, proxies) still apply
cat >"$work/settings.xml" <<'SETTINGS'
<settings>
  <servers>
    <server>
      <id>central</id>
      <username>${env.CENTRAL_TOKEN_USERNAME}</username>
      <password>${env.CENTRAL_TOKEN_PASSWORD}</password>
    </server>
  </servers>
</settings>
SETTINGS
CENTRAL_TOKEN_USERNAME="dry-run-token-user"
CENTRAL_TOKEN_PASSWORD="dry-run-token-$RANDOM$RANDOM"
export CENTRAL_TOKEN_USERNAME CENTRAL_TOKEN_PASSWORD

version=$(sed -nE '0,/<artifactId>idgen-parent<\/artifactId>/d; s|^  <version>([^<]+)</version>$|\1|p' pom.xml | head -1)
version="${version%-SNAPSHOT}"
echo "release-dry-run: bash scripts/release.sh $version, against the stand-in Portal on 127.0.0.1:$port"
bash scripts/release.sh "$version" -q -gs "$work/settings.xml" "-DcentralBaseUrl=http://127.0.0.1:$port" \
	-Dcentral.waitUntil=uploaded

uploads=("$work"/uploads/upload-*.zip)
[ -f "${uploads[0]}" ] || fail "the release uploaded nothing to the stand-in Portal"
[ "${#uploads[@]}" -eq 1 ] || fail "the release uploaded ${#uploads[@]} bundles, not one"
cmp -s "${uploads[0]}" target/release/central-bundle.zip ||
	fail "the uploaded bundle differs from target/central-publishing/central-bundle.zip"
grep -q 'publishingType=USER_MANAGED' "$work/uploads/upload-1.query" ||
	fail "the upload did not ask for a manual publish (publishingType=USER_MANAGED): $(cat "$work/uploads/upload-1.query")"
expected_token="UserToken $(printf '%s:%s' "$CENTRAL_TOKEN_USERNAME" "$CENTRAL_TOKEN_PASSWORD" | base64 -w0)"
[ "$(cat "$work/uploads/upload-1.authorization")" = "$expected_token" ] ||
	fail "the upload did not carry the token of CENTRAL_TOKEN_USERNAME and CENTRAL_TOKEN_PASSWORD through server id central"
cp "${uploads[0]}" "$out/central-bundle.zip"

check "$out/central-bundle.zip" "$out/public-key.asc"
seconds=$(($(date +%s) - start))
echo "release-dry-run: passed in $((seconds / 60))m$(printf '%02d' $((seconds % 60)))s; the bundle: target/release-dry-run/central-bundle.zip"
