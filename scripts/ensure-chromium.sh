#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed: the browser Playwright and Lighthouse drive.
# (Playwright's own browser downloads are never used: `npx playwright install` is not needed.)
set -uo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "Chromium présent : $("$CHROMIUM" --version 2>/dev/null | head -n 1)"
  exit 0
fi

echo "Chromium est introuvable ($CHROMIUM) : il sert aux tests de bout en bout et à Lighthouse."
bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "tests de bout en bout et Lighthouse" chromium || exit 1

if [ ! -x "$CHROMIUM" ]; then
  echo "Le paquet chromium est installé mais $CHROMIUM est absent." >&2
  exit 1
fi
echo "Chromium installé : $("$CHROMIUM" --version 2>/dev/null | head -n 1)"
