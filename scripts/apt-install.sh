#!/usr/bin/env bash
# scripts/apt-install.sh "<what they are for>" PACKAGE… — installs Debian packages the tests need
# with apt-get when run as root (CI); otherwise says, in French, how to install them. Exits 1 when
# they could not be installed.
set -uo pipefail

purpose=$1
shift
if [ "$(id -u)" -ne 0 ]; then
  echo "Introuvable : $* ($purpose)." >&2
  echo "Installez avec :" >&2
  echo "  sudo apt-get install $*" >&2
  exit 1
fi

echo "Installation des paquets Debian : $*…"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if apt-get update -qq >"$log" 2>&1 && apt-get install -y -qq "$@" >>"$log" 2>&1; then
  rm -f "$log"
else
  echo "Échec de l'installation de $* :" >&2
  tail -n 30 "$log" >&2
  rm -f "$log"
  exit 1
fi
