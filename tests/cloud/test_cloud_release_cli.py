"""`check --os-cloud` without a chosen release takes the cloud's own (issue 30, item 3): what its Heat's
`build_info` says, else what its resource type listing fits, else the newest with a warning; said once on
stderr. A stub HTTP Heat stands for older releases (the local Heat of tests/live is 27.0.1 only); E9901 is
turned off so that only the release requests are asked."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from release_clouds import release_clouds  # noqa: E402

LISTENER = """heat_template_version: 2021-04-16
resources:
  l:
    type: OS::Octavia::Listener
    properties: {default_pool: p, protocol: HTTP, protocol_port: 80}
  g:
    type: OS::Neutron::SecurityGroup
    properties:
      rules: [{protocol: tcp, description: ssh}]
"""


@pytest.fixture(scope="module")
def clouds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, ThreadingHTTPServer]]]:
    folder = tmp_path_factory.mktemp("release-clouds")
    (folder / "listener.yaml").write_text(LISTENER)
    with release_clouds(folder) as servers:
        yield folder, servers


def check(folder: Path, cloud: str, *extra: str) -> tuple[subprocess.CompletedProcess[str], dict[str, list[str]]]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(folder), "OS_CLIENT_CONFIG_FILE": str(folder / "clouds.yaml")}
    args = ["check", "listener.yaml", "--os-cloud", cloud, "--disable", "E9901", "--format", "json", *extra]
    done = subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=folder, env=env, capture_output=True, text=True, timeout=120
    )
    errors: dict[str, list[str]] = {}
    for finding in json.loads(done.stdout):
        if finding["severity"] == "error":
            errors.setdefault(finding["code"], []).append(finding["message"])
    return done, errors


def test_the_release_build_info_names_is_used_and_said(clouds):
    folder, _ = clouds
    done, errors = check(folder, "antelope")
    assert "the cloud 'antelope' runs Heat 20.0.1: checking for 2023.1 (Antelope)" in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "E3017" not in errors  # default_pool alone suffices before 2024.1
    assert any("It is new in 2026.2; this template is checked for 2023.1 (Antelope)" in m for m in errors["E3016"])


def test_a_later_point_release_of_a_series_takes_that_series(clouds):
    done, _ = check(clouds[0], "bobcat-dev")
    assert "runs Heat 21.1.0.dev4: checking for 2023.2 (Bobcat)" in done.stderr


def test_an_unsaid_release_is_narrowed_by_the_types_the_cloud_lists(clouds):
    done, errors = check(clouds[0], "unknown-old")
    said = done.stderr.strip()
    assert "does not say its Heat release (build_info: none)" in said
    assert "fit wallaby to 2023.2 (Bobcat): checking for 2023.2 (Bobcat)" in said
    assert "E3017" not in errors


def test_an_unsaid_release_that_fits_the_newest_is_the_newest_with_a_warning(clouds):
    for cloud in ("unknown-new", "refusing"):
        done, errors = check(clouds[0], cloud)
        assert "does not say its Heat release" in done.stderr
        assert "checking for the newest, 2026.2; name yours with --heat-release" in done.stderr
        assert "E3017" in errors  # the newest requires loadbalancer


def test_a_release_newer_than_any_shipped_falls_back_to_the_newest(clouds):
    done, _ = check(clouds[0], "future")
    assert "runs Heat 31.0.0, newer than any release hot-lsp knows: checking for the newest, 2026.2" in done.stderr


def test_a_chosen_release_is_not_asked_of_the_cloud(clouds):
    folder, servers = clouds
    servers["antelope"].asked.clear()  # type: ignore[attr-defined]
    done, errors = check(folder, "antelope", "--heat-release", "2026.2")
    assert done.stderr == ""
    assert "E3017" in errors
    assert servers["antelope"].asked == []  # type: ignore[attr-defined]
    (folder / ".hot-lsp.toml").write_text('heat-release = "2024.1"\n')
    try:
        done, errors = check(folder, "antelope")
    finally:
        (folder / ".hot-lsp.toml").unlink()
    assert done.stderr == "" and "E3017" in errors
    assert servers["antelope"].asked == []  # type: ignore[attr-defined]
