#!/usr/bin/env bash
# What each idgen starter adds to a user's jar (docs/packaging.md): builds a small Spring Boot app per
# starter, and one with only spring-boot-starter, as fat jars, and compares their BOOT-INF/lib.
#
# Everything runs against a throwaway local repository in a temporary directory, filled from
# ~/.m2/repository (read as a plain file repository) and Maven Central: the idgen artifacts are
# installed there, never into ~/.m2, and the directory is deleted at the end.
#
#   bash scripts/measure-starters.sh            # prints a Markdown table per starter
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/settings.xml" <<EOF
<settings>
  <localRepository>$work/m2</localRepository>
  <profiles><profile><id>home</id>
    <repositories><repository><id>home</id><url>file://$HOME/.m2/repository</url></repository></repositories>
    <pluginRepositories><pluginRepository><id>home</id><url>file://$HOME/.m2/repository</url></pluginRepository></pluginRepositories>
  </profile></profiles>
  <activeProfiles><activeProfile>home</activeProfile></activeProfiles>
</settings>
EOF
mvn() { command mvn -B -ntp -q -s "$work/settings.xml" "$@"; }
evaluate() { mvn -N -Dstyle.color=never help:evaluate -Dexpression="$1" -DforceStdout | sed 's/\x1b\[[0-9;]*m//g'; }
version=$(evaluate project.version)
boot=$(evaluate spring-boot.version)
starters=(idgen-spring-boot-starter idgen-spring-boot-starter-jdbc idgen-spring-boot-starter-redis)

echo "building the starters and what they depend on into $work/m2 ..." >&2
mvn -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true -Dgpg.skip=true \
	-pl "$(IFS=,; echo "${starters[*]}")" -am install

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
  <dependencyManagement><dependencies><dependency>
    <groupId>org.springframework.boot</groupId><artifactId>spring-boot-dependencies</artifactId>
    <version>$boot</version><type>pom</type><scope>import</scope>
  </dependency></dependencies></dependencyManagement>
  <dependencies>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter</artifactId></dependency>
    $dependency
  </dependencies>
  <build>
    <pluginManagement><plugins>
      <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.15.0</version></plugin>
      <plugin><artifactId>maven-resources-plugin</artifactId><version>3.5.0</version></plugin>
      <plugin><artifactId>maven-jar-plugin</artifactId><version>3.5.1</version></plugin>
      <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.5.6</version></plugin>
    </plugins></pluginManagement>
    <plugins><plugin>
      <groupId>org.springframework.boot</groupId><artifactId>spring-boot-maven-plugin</artifactId><version>$boot</version>
      <executions><execution><goals><goal>repackage</goal></goals></execution></executions>
    </plugin></plugins>
  </build>
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
	mvn -f "$dir/pom.xml" package
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
