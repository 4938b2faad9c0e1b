#!/usr/bin/env bash
# Makes sure Debian's nginx, Varnish and varnish-modules (vmod xkey) are installed: the shared
# caches the e2e tests and `npm run bench:front` put in front of the production server with the
# configurations of deploy/. Installs them with apt-get when run as root (CI), else says how.
set -uo pipefail

missing=()
[ -x /usr/sbin/nginx ] || missing+=(nginx)
[ -x /usr/sbin/varnishd ] || missing+=(varnish)
ls /usr/lib/*/varnish/vmods/libvmod_xkey.so >/dev/null 2>&1 || missing+=(varnish-modules)
[ ${#missing[@]} -eq 0 ] && exit 0

bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "caches placés devant le site par les tests, deploy/" "${missing[@]}" || exit 1
# The packages start their own services (ports 80 and 6081): the tests run their own instances.
if command -v systemctl >/dev/null 2>&1; then
  for service in nginx varnish; do systemctl stop "$service" >/dev/null 2>&1 || true; done
fi
exit 0
