#!/usr/bin/env bash
# Makes sure a Java runtime is installed (Debian's default-jre-headless): the W3C Nu HTML checker of
# the conformance tests (vnu.jar, npm package vnu-jar) runs on it. vnu-jar's own download of a Java
# build (its install script) is never used: package.json's allowScripts denies it.
set -uo pipefail

if command -v java >/dev/null 2>&1; then
  echo "Java présent : $(java -version 2>&1 | head -n 1)"
  exit 0
fi

echo "Java est introuvable : il sert au validateur HTML Nu des tests de conformité."
bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "validateur HTML Nu des tests de conformité" default-jre-headless || exit 1

if ! command -v java >/dev/null 2>&1; then
  echo "Le paquet default-jre-headless est installé mais java est introuvable." >&2
  exit 1
fi
echo "Java installé : $(java -version 2>&1 | head -n 1)"
