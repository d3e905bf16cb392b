#!/usr/bin/env bash
# Installs the real n8n that test/n8n-e2e runs our package in, once per version, into a cache folder
# outside the checkout (about 4 to 8 minutes and 3 GB the first time). Prints the folder on its last line.
#
# Why each step (checked against the npm registry these machines reach):
# - n8n needs Node >= 24. 2.41.1 is the newest release whose dependencies all install from that registry
#   (2.41.3 needs @n8n/agents 0.26.2, which it lacks).
# - linkedom 0.18.15 pulls a package the registry lacks: pinned to 0.18.14.
# - --ignore-scripts: an optional Kafka client's install script downloads sources from the internet.
#   The native modules n8n needs are then built here, against the running Node's own headers; the stamp
#   file holds that Node's module ABI, so another Node major rebuilds them.
set -euo pipefail

# This folder is not the project: what runs here is chosen above and below, not by the project's
# `allowScripts`. npm passes the project's `.npmrc` (strict-allow-scripts) on to the tests it runs as an
# environment variable, which would refuse every install script here.
export npm_config_strict_allow_scripts=false

version="${N8N_VERSION:-2.41.1}"
dir="${N8N_E2E_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/prospect-research/n8n-$version}"
stamp="$dir/.installed"
abi="$(node -p 'process.versions.modules')"

installed() { [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$abi" ]; }

if installed; then
  echo "$dir"
  exit 0
fi

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 24 ]; then
  echo "n8n $version needs Node >= 24, this is $(node --version)" >&2
  exit 1
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

if [ -f "$stamp" ] && [ -x "$dir/node_modules/.bin/n8n" ]; then
  echo "n8n $version was built for another Node: rebuilding its native modules" >&2
  rm "$stamp"
  cd "$dir"
else
  rm -rf "$dir"
  mkdir -p "$dir"
  cd "$dir"
  cat > package.json <<JSON
{
  "name": "prospect-research-n8n-e2e-host",
  "private": true,
  "dependencies": { "n8n": "$version" },
  "overrides": { "linkedom": "0.18.14" }
}
JSON
  npm install --ignore-scripts --no-audit --no-fund --loglevel=error
fi

# Node installed from the npm registry carries its headers next to the binary; node-gyp builds against them
# instead of downloading them.
node_root="$(dirname "$(dirname "$(node -p 'require("fs").realpathSync(process.execPath)')")")"
if [ -f "$node_root/include/node/node.h" ]; then
  export npm_config_nodedir="$node_root"
fi
npm rebuild isolated-vm @parcel/watcher msgpackr-extract protobufjs --loglevel=error
npm rebuild sqlite3 --build-from-source --loglevel=error

node_modules/.bin/n8n --version >/dev/null
echo "$abi" > "$stamp"
echo "$dir"
