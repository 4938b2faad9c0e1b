#!/usr/bin/env bash
# Makes sure Debian's python3-dkim (dkimpy) is installed: the DKIM verifier the alert tests check
# the mailer's signatures with (testing/dkim.ts), one nobody here wrote. Installed with apt when
# root (scripts/apt-install.sh), as Chromium is.
set -uo pipefail

PYTHON=/usr/bin/python3
has_dkim() { [ -x "$PYTHON" ] && "$PYTHON" -c 'import dkim' 2>/dev/null; }

has_dkim && exit 0
bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "le vérificateur DKIM des tests d'alertes" python3-dkim || exit 1
if ! has_dkim; then
  echo "Le paquet python3-dkim est installé mais « import dkim » échoue." >&2
  exit 1
fi
echo "dkimpy installé."
