#!/usr/bin/env bash
# Build the VS Code extension from the npm registry and PyPI: npm ci (from package-lock.json), tsc (type check),
# esbuild (one out/extension.js), the bundled server (bundled/libs: this checkout's hot-lsp and the pure-Python
# dependencies pinned in bundled/requirements.txt, pip install --target), vsce package. Prints the .vsix path;
# fails when no .vsix was produced. About 30 s with warm npm and pip caches.
set -euo pipefail
cd "$(dirname "$0")"
CHECKOUT=$(cd ../.. && pwd)
PYTHON=${PYTHON:-python3}
rm -rf out bundled/libs ./*.vsix
npm ci --no-audit --no-fund --loglevel=error
npx --no-install tsc -p ./ --noEmit
npx --no-install esbuild src/extension.ts --bundle --outfile=out/extension.js --platform=node --format=cjs \
    --target=node18 --external:vscode --log-level=warning

# Pure-Python wheels for any CPython >= 3.10 (--platform any --implementation py: a compiled wheel is refused), so
# the .vsix is the same on every OS; ruamel.yaml.clib is not among them (the server parses in pure Python then).
pip_target=("$PYTHON" -m pip install --quiet --disable-pip-version-check --no-warn-script-location --no-compile
    --no-deps --target bundled/libs)
"${pip_target[@]}" --only-binary=:all: --platform any --implementation py --python-version 3.10 \
    -r bundled/requirements.txt
# hot-lsp from a copy of the checkout's files, so that setuptools leaves no build/ or egg-info in the checkout (nor
# ships a module a stale build/lib still holds).
source_copy=$(mktemp -d)
trap 'rm -rf "$source_copy"' EXIT
for file in pyproject.toml README.md LICENSE hot_lsp; do
    [ -e "$CHECKOUT/$file" ] && cp -R "$CHECKOUT/$file" "$source_copy/"
done
"${pip_target[@]}" "$source_copy"
# What the server never imports: console scripts (they name the build machine's Python) and test suites.
rm -rf bundled/libs/bin
find bundled/libs -mindepth 2 -maxdepth 2 -type d -name tests -exec rm -rf {} +
find bundled/libs -name __pycache__ -type d -exec rm -rf {} +
# netaddr's IEEE vendor registries (8 MB of text, read only to name a MAC address's vendor; hot-lsp checks syntax
# only: valid_mac). Its .idx files stay: netaddr reads them on import.
rm -f bundled/libs/netaddr/eui/oui.txt bundled/libs/netaddr/eui/iab.txt
"$PYTHON" -c 'import sys; sys.path.insert(0, "bundled/libs"); import hot_lsp.server' ||
    { echo "build.sh: the bundled server does not import" >&2; exit 1; }

# No warning to answer: LICENSE is in this folder, package.json names the repository. vsce makes the README's
# relative links (its screenshots, CHANGELOG.md) absolute, from the repository's root unless told this folder
# (it ignores package.json's repository.directory).
npx --no-install vsce package --baseContentUrl https://github.com/hot-lsp/hot-lsp/blob/HEAD/editors/vscode \
    --baseImagesUrl https://github.com/hot-lsp/hot-lsp/raw/HEAD/editors/vscode </dev/null
vsix=$(ls ./*.vsix 2>/dev/null | head -1)
if [ -z "$vsix" ]; then
    echo "build.sh: vsce produced no .vsix" >&2
    exit 1
fi
echo "$(pwd)/${vsix#./}"
