#!/usr/bin/env bash
# Makes sure Debian's nginx, Varnish and varnish-modules (vmod xkey) are installed: the shared
# caches the e2e tests and `npm run bench:front` put in front of the production server with the
# configurations of deploy/. Installs them with apt-get when run as root (CI), else says how.
set -uo pipefail

missing=()
[ -x /usr/sbin/nginx ] || missing+=(nginx)
[ -x /usr/sbin/varnishd ] || missing+=(varnish)
ls /usr/lib/*/varnish/vmods/libvmod_xkey.so >/dev/null 2>&1 || missing+=(varnish-modules)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Introuvable : ${missing[*]} (caches placés devant le site par les tests, deploy/)." >&2
  echo "Installez-les avec :" >&2
  echo "  sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "Installation des paquets Debian : ${missing[*]}…"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if apt-get update -qq >"$log" 2>&1 && apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
  rm -f "$log"
else
  echo "Échec de l'installation de ${missing[*]} :" >&2
  tail -n 30 "$log" >&2
  rm -f "$log"
  exit 1
fi
# The packages start their own services on ports 80 and 6081: the tests run their own instances.
for service in nginx varnish; do
  command -v systemctl >/dev/null 2>&1 && systemctl stop "$service" >/dev/null 2>&1 || true
done
