"""Naming a cloud, without a Heat: what the user is told when the extra is missing, when the clouds.yaml entry is
wrong, and that a password never shows in what is printed."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "web_server.yaml"


def run(args: list[str], clouds: Path | None = None, block_openstack: bool = False) -> subprocess.CompletedProcess[str]:
    # Blocking the import in a real process stands for a machine without the cloud extra.
    prelude = "import sys; sys.modules['openstack'] = None; " if block_openstack else "import sys; "
    code = prelude + "from hot_lsp.cli import main; sys.exit(main(sys.argv[1:]))"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(clouds.parent if clouds else Path("/nonexistent"))}
    if clouds is not None:
        env["OS_CLIENT_CONFIG_FILE"] = str(clouds)
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=120)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # closed again when the block ends: nothing listens there


def test_without_the_extra_a_cloud_option_says_how_to_install_it():
    for args in (["catalogue", "--os-cloud", "x"], ["check", str(EXAMPLE), "--os-cloud", "x"]):
        done = run(args, block_openstack=True)
        assert done.returncode == 2
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "pip install 'hot-lsp[cloud]'" in lines[0], done.stderr


def test_an_entry_clouds_yaml_does_not_have_is_named_in_one_line(tmp_path: Path):
    clouds = tmp_path / "clouds.yaml"
    clouds.write_text("clouds:\n  mine:\n    auth_type: none\n    auth: {endpoint: http://127.0.0.1:1/v1/x}\n")
    done = run(["catalogue", "--os-cloud", "theirs"], clouds)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "theirs" in done.stderr and "Traceback" not in done.stderr


def test_a_password_is_never_printed(tmp_path: Path):
    clouds = tmp_path / "clouds.yaml"
    port = closed_port()
    clouds.write_text(
        "clouds:\n"
        "  keystone:\n"
        "    auth:\n"
        f"      auth_url: http://127.0.0.1:{port}/v3\n"
        "      username: demo\n"
        "      password: s3cret-PASSWORD-42\n"
        "      project_name: demo\n"
        "      user_domain_name: Default\n"
        "      project_domain_name: Default\n"
    )
    for args in (["check", str(EXAMPLE), "--os-cloud", "keystone"], ["catalogue", "--os-cloud", "keystone"]):
        done = run(args, clouds)
        assert done.returncode == 2, done.stderr
        assert "s3cret" not in done.stderr + done.stdout
        assert done.stderr.strip().count("\n") == 0 and "keystone" in done.stderr, done.stderr


def test_check_without_a_cloud_imports_no_cloud_library():
    code = (
        "import sys; from hot_lsp.cli import main; main(['check', sys.argv[1]]); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('openstack', 'keystoneauth1', 'requests')))"
    )
    done = subprocess.run([sys.executable, "-c", code, str(EXAMPLE)], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip().splitlines()[-1] == "[]"
