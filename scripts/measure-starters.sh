#!/usr/bin/env bash
# What each idgen starter adds to a user's jar (docs/packaging.md): builds a small Spring Boot app per
# starter, and one with only spring-boot-starter, as fat jars, and compares their BOOT-INF/lib.
#
# The idgen artifacts reach the apps through a throwaway file repository (mvn deploy to a temporary
# directory), never through ~/.m2, so nothing of this build is installed. Everything is written under a
# temporary directory that is deleted at the end; nothing is left in the working tree but target/.
#
#   bash scripts/measure-starters.sh            # prints a Markdown table per starter
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(mvn -q -N help:evaluate -Dexpression=project.version -DforceStdout)
boot=$(mvn -q -N help:evaluate -Dexpression=spring-boot.version -DforceStdout)
starters=(idgen-spring-boot-starter idgen-spring-boot-starter-jdbc idgen-spring-boot-starter-redis)

echo "building the published modules into $work/repo ..." >&2
mvn -B -ntp -q -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true -Dgpg.skip=true \
	-DaltDeploymentRepository="measure::file://$work/repo" \
	-pl "$(IFS=,; echo "${starters[*]}")" -am deploy

app() { # name, dependency (groupId:artifactId:version) or none
	local dir="$work/$1" dependency=""
	mkdir -p "$dir/src/main/java/app"
	if [[ $2 != none ]]; then
		IFS=: read -r g a v <<<"$2"
		dependency="<dependency><groupId>$g</groupId><artifactId>$a</artifactId><version>$v</version></dependency>"
	fi
	cat >"$dir/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>measure</groupId><artifactId>$1</artifactId><version>1</version>
  <properties><maven.compiler.release>17</maven.compiler.release></properties>
  <repositories><repository><id>measure</id><url>file://$work/repo</url></repository></repositories>
  <dependencyManagement><dependencies><dependency>
    <groupId>org.springframework.boot</groupId><artifactId>spring-boot-dependencies</artifactId>
    <version>$boot</version><type>pom</type><scope>import</scope>
  </dependency></dependencies></dependencyManagement>
  <dependencies>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter</artifactId></dependency>
    $dependency
  </dependencies>
  <build><plugins><plugin>
    <groupId>org.springframework.boot</groupId><artifactId>spring-boot-maven-plugin</artifactId><version>$boot</version>
    <executions><execution><goals><goal>repackage</goal></goals></execution></executions>
  </plugin></plugins></build>
</project>
EOF
	cat >"$dir/src/main/java/app/App.java" <<'EOF'
package app;

@org.springframework.boot.autoconfigure.SpringBootApplication
public class App {

	public static void main(String[] args) {
		org.springframework.boot.SpringApplication.run(App.class, args);
	}

}
EOF
	mvn -B -ntp -q -f "$dir/pom.xml" package
	# "size name" of each jar in BOOT-INF/lib
	unzip -l "$dir/target/$1-1.jar" 'BOOT-INF/lib/*.jar' | awk '$4 ~ /^BOOT-INF\/lib\// { sub("BOOT-INF/lib/", "", $4); print $1, $4 }' | sort -k2 >"$work/$1.lib"
}

app baseline none
for starter in "${starters[@]}"; do
	app "$starter" "io.github.idgen:$starter:$version"
	added=$(join -1 2 -2 2 -v 1 <(sort -k2 "$work/$starter.lib") <(sort -k2 "$work/baseline.lib"))
	count=$(grep -c . <<<"$added" || true)
	bytes=$(awk '{ s += $2 } END { print s + 0 }' <<<"$added")
	echo
	echo "### $starter: $count jars, $(printf "%'d" "$bytes") bytes ($(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }') MiB)"
	echo
	echo "| jar | bytes |"
	echo "| --- | ---: |"
	awk '{ printf "| `%s` | %\047d |\n", $1, $2 }' <<<"$added"
done
echo
echo "(Spring Boot $boot; jars that spring-boot-starter alone does not bring, from each app's BOOT-INF/lib)"
