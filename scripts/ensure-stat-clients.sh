#!/usr/bin/env bash
# Makes sure the statistical world's own clients are installed, the ones the SDMX and DCAT tests
# read the site with (nobody here wrote them): R's rsdmx (Debian's r-cran-rsdmx, an SDMX 2.1 REST
# client as aggregators use it), Raptor's rapper (raptor2-utils: Turtle, RDF/XML, N-Triples and
# N-Quads; not JSON-LD, which the tests turn into N-Quads first) and xmllint (libxml2-utils, well-formedness and XML Schema checks).
set -uo pipefail

missing=()
command -v Rscript >/dev/null 2>&1 && Rscript -e 'suppressMessages(library(rsdmx))' >/dev/null 2>&1 || missing+=(r-cran-rsdmx)
command -v rapper >/dev/null 2>&1 || missing+=(raptor2-utils)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)

if [ "${#missing[@]}" -eq 0 ]; then
  echo "Clients statistiques présents : rsdmx, rapper, xmllint."
  exit 0
fi

bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "clients SDMX et DCAT des tests (rsdmx, rapper, xmllint)" "${missing[@]}" || exit 1
Rscript -e 'suppressMessages(library(rsdmx))' >/dev/null 2>&1 || { echo "rsdmx est installé mais R ne le charge pas." >&2; exit 1; }
command -v rapper >/dev/null 2>&1 || { echo "raptor2-utils est installé mais rapper est introuvable." >&2; exit 1; }
echo "Clients statistiques installés : rsdmx, rapper, xmllint."
