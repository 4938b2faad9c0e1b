#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed: the browser Playwright and Lighthouse drive.
# (Playwright's own browser downloads are never used: `npx playwright install` is not needed.)
set -uo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "Chromium présent : $("$CHROMIUM" --version 2>/dev/null | head -n 1)"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium est introuvable ($CHROMIUM) : il sert aux tests de bout en bout et à Lighthouse." >&2
  echo "Installez-le avec :" >&2
  echo "  sudo apt-get install chromium" >&2
  exit 1
fi

echo "Chromium est introuvable : installation du paquet Debian « chromium »…"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if apt-get update -qq >"$log" 2>&1 && apt-get install -y -qq chromium >>"$log" 2>&1; then
  rm -f "$log"
else
  echo "Échec de l'installation de Chromium :" >&2
  tail -n 30 "$log" >&2
  rm -f "$log"
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "Le paquet chromium est installé mais $CHROMIUM est absent." >&2
  exit 1
fi
echo "Chromium installé : $("$CHROMIUM" --version 2>/dev/null | head -n 1)"
