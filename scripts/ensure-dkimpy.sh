#!/usr/bin/env bash
# Makes sure Debian's python3-dkim (dkimpy) is installed: the DKIM verifier the alert tests check
# the mailer's signatures with (testing/dkim.ts), one nobody here wrote. Installed with apt when
# root, as scripts/ensure-chromium.sh does for Chromium.
set -uo pipefail

PYTHON=/usr/bin/python3

if [ -x "$PYTHON" ] && "$PYTHON" -c 'import dkim' 2>/dev/null; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "dkimpy est introuvable ($PYTHON -c 'import dkim') : il vérifie les signatures DKIM des alertes dans les tests." >&2
  echo "Installez-le avec :" >&2
  echo "  sudo apt-get install python3-dkim" >&2
  exit 1
fi

echo "dkimpy est introuvable : installation du paquet Debian « python3-dkim »…"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if apt-get update -qq >"$log" 2>&1 && apt-get install -y -qq python3-dkim >>"$log" 2>&1; then
  rm -f "$log"
else
  echo "Échec de l'installation de python3-dkim :" >&2
  tail -n 30 "$log" >&2
  rm -f "$log"
  exit 1
fi

if ! "$PYTHON" -c 'import dkim' 2>/dev/null; then
  echo "Le paquet python3-dkim est installé mais « import dkim » échoue." >&2
  exit 1
fi
echo "dkimpy installé."
