"""A real Heat 27.0.1 killed while it handles the CLI's request: the user is told the connection was closed before
Heat answered, not that the cloud cannot be reached (issue 27, item 3).

The session's shared Heat (the ``live_heat`` fixture) must live on, so this test starts a Heat of its own in its own
state dir (tools/local_heat.py, about 10 s), sends it a template-validate that keeps it busy for seconds (hundreds of
resources), and SIGKILLs it once its process holds the request's connection.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_support import REQUIRE_LIVE, local_heat

ROOT = Path(__file__).resolve().parents[2]
DOOMED = "doomed-heat"
RESOURCES = 800  # Heat 27 validates 500 RandomStrings in about 2 s here: long enough to be killed in the middle


def _unavailable(reason: str) -> None:
    if REQUIRE_LIVE:
        pytest.fail(f"live Heat unavailable and HOT_LSP_REQUIRE_LIVE=1: {reason}", pytrace=False)
    pytest.skip(f"live Heat unavailable: {reason}")


@pytest.fixture
def doomed_heat() -> Iterator[local_heat.Running]:
    """A Heat of this test's own, purged at the end (killed or not)."""
    if local_heat.find_pg_bin() is None:
        _unavailable("no PostgreSQL server binaries")
    state_dir = Path(tempfile.mkdtemp(prefix="hot-lsp-doomed-"))
    state_dir.chmod(0o755)  # PostgreSQL may run as its own user: it must reach its cluster here
    try:
        try:
            yield local_heat.start(state_dir, port=0)
        except local_heat.MissingPrerequisite as missing:
            _unavailable(str(missing))
    finally:
        local_heat.purge(state_dir)


def established_to(port: int) -> int:
    """How many TCP connections to ``port`` on this machine are established (the kernel's own table)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            local_port = int(fields[1].rsplit(":", 1)[1], 16)
            if local_port == port and fields[3] == "01":  # 01: ESTABLISHED, on the server's side
                count += 1
    return count


def test_a_heat_killed_mid_request_is_a_closed_connection_not_an_unreachable_cloud(
    doomed_heat: local_heat.Running, tmp_path: Path
) -> None:
    clouds = tmp_path / "clouds.yaml"
    clouds.write_text(local_heat.clouds_yaml_text({DOOMED: doomed_heat.url}))
    template = tmp_path / "busy.yaml"
    resources = "".join(
        f"  r{index}:\n    type: OS::Heat::RandomString\n    properties: {{length: 8}}\n" for index in range(RESOURCES)
    )
    template.write_text(f"heat_template_version: 2021-04-16\nresources:\n{resources}")
    env = {key: value for key, value in os.environ.items() if not key.startswith("OS_")}
    env["OS_CLIENT_CONFIG_FILE"] = str(clouds)
    assert established_to(doomed_heat.port) == 0
    checking = subprocess.Popen(
        # (the release named: the cloud is asked only for the validation, which is what gets killed)
        [sys.executable, "-m", "hot_lsp", "check", str(template), "--os-cloud", DOOMED, "--heat-release", "2026.2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        deadline = time.monotonic() + 60
        while established_to(doomed_heat.port) == 0:
            assert checking.poll() is None, checking.communicate()
            assert time.monotonic() < deadline, "the CLI never connected to the Heat"
            time.sleep(0.02)
        time.sleep(0.5)  # the request is read and being validated: Heat is in the middle of it
        assert checking.poll() is None, "Heat answered before it could be killed: make the template bigger"
        os.kill(doomed_heat.runner_pid, signal.SIGKILL)
        stdout, stderr = checking.communicate(timeout=60)
    finally:
        if checking.poll() is None:
            checking.kill()
    lines = stderr.strip().splitlines()
    assert checking.returncode == 2, (stdout, stderr)
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    host = f"127.0.0.1:{doomed_heat.port}"
    assert f"cloud '{DOOMED}'" in lines[0], lines[0]
    assert f"the connection to {host} was closed before Heat answered" in lines[0], lines[0]
    assert "cannot reach" not in lines[0]
