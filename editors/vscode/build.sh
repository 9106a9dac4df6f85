#!/usr/bin/env bash
# Build the VS Code extension offline from the npm registry: npm ci (from package-lock.json), tsc,
# vsce package. Prints the .vsix path; fails when no .vsix was produced. About 20 s with a warm npm cache.
set -euo pipefail
cd "$(dirname "$0")"
rm -rf out ./*.vsix
npm ci --no-audit --no-fund --loglevel=error
npx --no-install tsc -p ./
# No repository URL or LICENSE file in this folder: say so, rather than let vsce ask.
npx --no-install vsce package --allow-missing-repository --skip-license </dev/null
vsix=$(ls ./*.vsix 2>/dev/null | head -1)
if [ -z "$vsix" ]; then
    echo "build.sh: vsce produced no .vsix" >&2
    exit 1
fi
echo "$(pwd)/${vsix#./}"
