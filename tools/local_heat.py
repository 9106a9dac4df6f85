#!/usr/bin/env python3
"""A real Heat 27.0.1 on this machine, for development and the live tests (issue 16, part 8).

    python3 tools/local_heat.py prepare [--venv DIR]        # the Heat venv, cached between runs
    python3 tools/local_heat.py start [--state-dir DIR] [--port N] [--venv DIR]
    python3 tools/local_heat.py status [--state-dir DIR]
    python3 tools/local_heat.py stop [--state-dir DIR]

``start`` runs a private PostgreSQL cluster and Heat's API and engine in one process
(tools/local_heat_runner.py, inside the venv), both on 127.0.0.1 only, and writes ``clouds.yaml`` with an
entry ``local-heat`` (``auth_type: none``; noauth Heat, no Keystone). How and why: the facts in
``../shared/reference/live-heat.md``. The cloud has one resource type of its own, ``HotLsp::Cloud::Only``
(its global environment maps it to ``OS::Heat::RandomString``), so a client can tell its catalogue from
the bundled one.

This file is standard library only (it runs with any python3); tests/live/conftest.py imports it.
The venv: ``--venv`` or ``$HOT_LSP_HEAT_VENV``, else ``${XDG_CACHE_HOME:-~/.cache}/hot-lsp/heat-27.0.1``.
The state: ``--state-dir`` or ``$HOT_LSP_LOCAL_HEAT_STATE``, else
``${XDG_STATE_HOME:-~/.local/state}/hot-lsp/local-heat``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import venv
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HEAT_VERSION = "27.0.1"
HOST = "127.0.0.1"  # the only address anything here listens on (noauth Heat, trust-auth PostgreSQL)
DEFAULT_PORT = 8006
CLOUD_NAME = "local-heat"
CLOUD_ONLY_TYPE = "HotLsp::Cloud::Only"
DB_USER = "heat"
DB_NAME = "heat"
PG_SERVICE_USER = "hot-lsp-pg"  # made (as root) only when the machine has no `postgres` user
RUNNER = Path(__file__).resolve().with_name("local_heat_runner.py")
STATE_FILE = "state.json"
START_TIMEOUT = 180.0


class LocalHeatError(Exception):
    """Something this machine lacks or something that failed, said in a way a person can act on."""


class MissingPrerequisite(LocalHeatError):
    """The machine cannot run the local Heat (no PostgreSQL, no venv and none can be made)."""


@dataclass(frozen=True)
class Running:
    """A started local Heat."""

    state_dir: Path
    port: int
    pg_port: int
    runner_pid: int
    clouds_yaml: Path

    @property
    def root_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def url(self) -> str:
        """The orchestration endpoint, project ``admin`` (any project name works with noauth)."""
        return f"{self.root_url}/v1/admin"


# ---------------------------------------------------------------------------------------------------- places


def _xdg(variable: str, fallback: str) -> Path:
    value = os.environ.get(variable)
    return Path(value) if value else Path.home() / fallback


def default_venv_dir() -> Path:
    value = os.environ.get("HOT_LSP_HEAT_VENV")
    if value:
        return Path(value)
    return _xdg("XDG_CACHE_HOME", ".cache") / "hot-lsp" / f"heat-{HEAT_VERSION}"


def default_state_dir() -> Path:
    value = os.environ.get("HOT_LSP_LOCAL_HEAT_STATE")
    if value:
        return Path(value)
    return _xdg("XDG_STATE_HOME", ".local/state") / "hot-lsp" / "local-heat"


# ---------------------------------------------------------------------------------------------------- the venv

_PROBE = (
    "import importlib.metadata as m, psycopg2, heat; print(m.version('openstack-heat'), m.version('python-heatclient'))"
)


def venv_python(venv_dir: Path) -> Path:
    return venv_dir / "bin" / "python"


def venv_ready(venv_dir: Path) -> bool:
    """Whether ``venv_dir`` already holds openstack-heat==HEAT_VERSION, psycopg2 and heatclient."""
    python = venv_python(venv_dir)
    if not python.exists():
        return False
    found = subprocess.run([str(python), "-c", _PROBE], capture_output=True, text=True)
    return found.returncode == 0 and found.stdout.split()[:1] == [HEAT_VERSION]


def prepare(venv_dir: Path | None = None, quiet: bool = False) -> Path:
    """The python of the Heat venv, made (or completed) when it lacks Heat, psycopg2-binary or heatclient."""
    venv_dir = venv_dir or default_venv_dir()
    if venv_ready(venv_dir):
        return venv_python(venv_dir)
    if not venv_python(venv_dir).exists():
        print(f"local_heat: creating venv {venv_dir}", file=sys.stderr)
        try:
            venv_dir.parent.mkdir(parents=True, exist_ok=True)
            venv.create(venv_dir, with_pip=True)
        except (OSError, subprocess.CalledProcessError) as error:
            raise MissingPrerequisite(f"could not create a venv at {venv_dir}: {error}") from error
    print(f"local_heat: installing openstack-heat=={HEAT_VERSION} into {venv_dir} (about a minute)", file=sys.stderr)
    command = [str(venv_python(venv_dir)), "-m", "pip", "install", "--disable-pip-version-check"]
    if quiet:
        command.append("-q")
    command += [f"openstack-heat=={HEAT_VERSION}", "psycopg2-binary", "python-heatclient"]
    installed = subprocess.run(command, capture_output=quiet, text=True)
    if installed.returncode != 0 or not venv_ready(venv_dir):
        tail = (installed.stdout or "")[-2000:] + (installed.stderr or "")[-2000:] if quiet else ""
        raise MissingPrerequisite(f"could not install openstack-heat=={HEAT_VERSION} into {venv_dir}\n{tail}".rstrip())
    return venv_python(venv_dir)


# ---------------------------------------------------------------------------------------------------- PostgreSQL


def find_pg_bin() -> Path | None:
    """The folder of PostgreSQL's server binaries (initdb, pg_ctl, createdb), or None."""
    value = os.environ.get("HOT_LSP_PG_BIN")
    candidates = [Path(value)] if value else []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)

    def version(path: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in path.parent.name.split(".") if part.isdigit())

    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=version, reverse=True)
    for folder in candidates:
        if all((folder / tool).exists() for tool in ("initdb", "pg_ctl", "createdb", "postgres")):
            return folder
    return None


def _pg_user() -> str | None:
    """The user PostgreSQL runs as: None for ourselves; as root (initdb refuses root) `postgres` or our own."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", PG_SERVICE_USER):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    made = subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_SERVICE_USER],
        capture_output=True,
        text=True,
    )
    if made.returncode != 0:
        raise MissingPrerequisite(f"no `postgres` user and could not make {PG_SERVICE_USER}: {made.stderr.strip()}")
    return PG_SERVICE_USER


def _as_user(user: str | None) -> dict[str, Any]:
    if user is None:
        return {}
    entry = pwd.getpwnam(user)
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


def _run(command: list[str], user: str | None, what: str, env: Mapping[str, str] | None = None) -> str:
    done = subprocess.run(command, capture_output=True, text=True, cwd="/", env=env, **_as_user(user))
    if done.returncode != 0:
        raise LocalHeatError(f"{what} failed ({' '.join(command)}):\n{done.stdout[-1500:]}{done.stderr[-1500:]}")
    return done.stdout


def _reachable_by(user: str | None, folder: Path) -> bool:
    if user is None:
        return os.access(folder, os.W_OK | os.X_OK)
    probe = subprocess.run(["sh", "-c", 'test -w "$1" && test -x "$1"', "sh", str(folder)], cwd="/", **_as_user(user))
    return probe.returncode == 0


def _pg_home(state_dir: Path, user: str | None) -> Path:
    """Where the cluster lives: ``STATE/postgresql``, or (when the PostgreSQL user cannot reach the state dir,
    e.g. root's 0700 home) a folder of its own under the temporary directory, named after the state dir."""
    home = state_dir / "postgresql"
    home.mkdir(parents=True, exist_ok=True)
    if user is not None:
        entry = pwd.getpwnam(user)
        os.chown(home, entry.pw_uid, entry.pw_gid)
    if _reachable_by(user, home):
        return home
    digest = hashlib.sha1(str(state_dir.resolve()).encode()).hexdigest()[:12]
    outer = Path(tempfile.gettempdir()) / f"hot-lsp-pg-{digest}"
    outer.mkdir(exist_ok=True)
    outer.chmod(0o755)
    home = outer / "postgresql"
    home.mkdir(exist_ok=True)
    if user is not None:
        entry = pwd.getpwnam(user)
        os.chown(home, entry.pw_uid, entry.pw_gid)
    if not _reachable_by(user, home):
        raise LocalHeatError(f"PostgreSQL's user {user} can reach neither {state_dir} nor {home}")
    return home


def _pg_env() -> dict[str, str]:
    keep = ("PATH", "LANG", "LC_ALL", "TZ")
    return {key: os.environ[key] for key in keep if key in os.environ} | {"LC_ALL": "C.UTF-8"}


def _start_postgres(pg_bin: Path, home: Path, port: int, user: str | None) -> None:
    data, sockets = home / "data", home / "sockets"
    env = _pg_env()
    if not (data / "PG_VERSION").exists():
        _run(
            [str(pg_bin / "initdb"), "-D", str(data), "-A", "trust", "-U", DB_USER, "-E", "UTF8", "--no-sync"],
            user,
            "initdb",
            env,
        )
    if user is None:
        sockets.mkdir(exist_ok=True)
    else:
        _run(["mkdir", "-p", str(sockets)], user, "mkdir sockets")
    options = f"-k {sockets} -p {port} -c listen_addresses={HOST} -c fsync=off"
    _run(
        [str(pg_bin / "pg_ctl"), "-D", str(data), "-l", str(home / "postgresql.log"), "-w", "-t", "60"]
        + ["-o", options, "start"],
        user,
        "pg_ctl start",
        env,
    )
    created = subprocess.run(
        [str(pg_bin / "createdb"), "-h", str(sockets), "-p", str(port), "-U", DB_USER, DB_NAME],
        capture_output=True,
        text=True,
        cwd="/",
        env=env,
        **_as_user(user),
    )
    if created.returncode != 0 and "already exists" not in created.stderr:
        raise LocalHeatError(f"createdb failed: {created.stderr.strip()}")


def _stop_postgres(pg_bin: Path, home: Path, user: str | None) -> None:
    data = home / "data"
    if (data / "postmaster.pid").exists():
        subprocess.run(
            [str(pg_bin / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "-t", "30", "stop"],
            capture_output=True,
            cwd="/",
            env=_pg_env(),
            **_as_user(user),
        )


# ---------------------------------------------------------------------------------------------------- Heat


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def _port_taken(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex((HOST, port)) == 0


def clouds_yaml_text(entries: Mapping[str, str]) -> str:
    """A clouds.yaml of ``name -> orchestration endpoint`` entries for a Heat without Keystone."""
    lines = ["# Written by tools/local_heat.py: noauth Heat on 127.0.0.1 (no Keystone).", "clouds:"]
    for name, endpoint in entries.items():
        lines += [
            f"  {name}:",
            "    auth_type: none",
            "    auth:",
            f"      endpoint: {endpoint}",
            f"    orchestration_endpoint_override: {endpoint}",
            "    orchestration_api_version: '1'",
        ]
    return "\n".join(lines) + "\n"


def heat_conf_text(state_dir: Path, venv_dir: Path, port: int, pg_port: int) -> str:
    paste = venv_dir / "etc" / "heat" / "api-paste.ini"
    if not paste.exists():
        raise MissingPrerequisite(f"{paste} is missing: is {venv_dir} a venv with openstack-heat=={HEAT_VERSION}?")
    return f"""\
# Written by tools/local_heat.py on each start (../shared/reference/live-heat.md says why each key).
[DEFAULT]
transport_url = fake://
num_engine_workers = 1
keystone_backend = heat.engine.clients.os.keystone.fake_keystoneclient.FakeKeystoneClient
deferred_auth_method = password
convergence_engine = false
heat_metadata_server_url = http://{HOST}:{port}/
heat_waitcondition_server_url = http://{HOST}:{port}/v1/waitcondition
host = local-heat
log_file = {state_dir / "heat.log"}
environment_dir = {state_dir / "environment.d"}

[heat_api]
bind_host = {HOST}
bind_port = {port}

[paste_deploy]
flavor = noauth
api_paste_config = {paste}

[noauth]
token_response = {state_dir / "token_response.json"}

[database]
connection = postgresql+psycopg2://{DB_USER}@{HOST}:{pg_port}/{DB_NAME}

[oslo_policy]
enforce_scope = false
enforce_new_defaults = false

[oslo_concurrency]
lock_path = {state_dir / "lock"}

# What build_info answers (Heat's default is 'unknown'): set as a deployer that says its release does, so the
# tests see a cloud name its release (hot-lsp checks for that release's resource types).
[revision]
heat_revision = {HEAT_VERSION}
"""


CLOUD_ONLY_TEMPLATE = """\
heat_template_version: 2021-04-16
description: HotLsp::Cloud::Only, a type this local Heat's global environment defines (tools/local_heat.py).
parameters:
  length:
    type: number
    default: 16
    description: Length of the random string.
resources:
  secret:
    type: OS::Heat::RandomString
    properties:
      length: {get_param: length}
outputs:
  value:
    description: The random string.
    value: {get_attr: [secret, value]}
"""


def _write_global_environment(state_dir: Path) -> None:
    """``environment_dir``'s one file: ``HotLsp::Cloud::Only`` -> a template of a RandomString.

    A template, not an alias of ``OS::Heat::RandomString``: Heat's ``resource_types`` lists plugins and template
    resources but never aliases. The template sits outside ``environment.d`` (every file there is read as an
    environment)."""
    templates = state_dir / "templates"
    templates.mkdir(exist_ok=True)
    template = templates / "cloud_only.yaml"
    template.write_text(CLOUD_ONLY_TEMPLATE)
    environments = state_dir / "environment.d"
    environments.mkdir(exist_ok=True)
    (environments / "hot-lsp-local.yaml").write_text(
        "# The local Heat's global environment: a type only this cloud has.\n"
        f'resource_registry:\n  "{CLOUD_ONLY_TYPE}": "{template.as_uri()}"\n'
    )


def _read_state(state_dir: Path) -> dict[str, Any]:
    path = state_dir / STATE_FILE
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text()))


def _write_state(state_dir: Path, state: Mapping[str, Any]) -> None:
    (state_dir / STATE_FILE).write_text(json.dumps(dict(state), indent=2) + "\n")


def _runner_alive(pid: int | None) -> bool:
    """Whether ``pid`` is a live local_heat_runner (a recycled pid of another program is not)."""
    if not pid:
        return False
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return RUNNER.name.encode() in cmdline and Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"


def api_answers(root_url: str, timeout: float = 2.0) -> bool:
    try:
        with urllib.request.urlopen(root_url + "/", timeout=timeout) as response:
            return bool(response.status < 500)
    except urllib.error.HTTPError as error:
        return error.code < 500  # GET / answers 300 Multiple Choices with the versions document
    except OSError:
        return False


def _tail(path: Path, lines: int = 30) -> str:
    if not path.exists():
        return f"({path} does not exist)"
    text = path.read_text(errors="replace").splitlines()[-lines:]
    return f"--- last lines of {path} ---\n" + "\n".join(text)


def start(
    state_dir: Path | None = None,
    port: int = DEFAULT_PORT,
    venv_dir: Path | None = None,
    timeout: float = START_TIMEOUT,
    install: bool = True,
) -> Running:
    """Start PostgreSQL and Heat for ``state_dir`` (port 0: a free one), or return the ones already running.

    ``install``: make the venv when it is missing (else :class:`MissingPrerequisite`).
    """
    state_dir = (state_dir or default_state_dir()).resolve()
    venv_dir = (venv_dir or default_venv_dir()).resolve()
    state_dir.mkdir(parents=True, exist_ok=True)
    state = _read_state(state_dir)
    if _runner_alive(state.get("runner_pid")) and api_answers(f"http://{HOST}:{state['port']}"):
        return Running(state_dir, state["port"], state["pg_port"], state["runner_pid"], state_dir / "clouds.yaml")

    pg_bin = find_pg_bin()
    if pg_bin is None:
        raise MissingPrerequisite(
            "PostgreSQL's server binaries (initdb, pg_ctl) are not on this machine: "
            "apt-get install postgresql (or set HOT_LSP_PG_BIN to their folder)"
        )
    if install:
        python = prepare(venv_dir, quiet=True)
    elif venv_ready(venv_dir):
        python = venv_python(venv_dir)
    else:
        raise MissingPrerequisite(f"no Heat venv at {venv_dir}: run `python3 tools/local_heat.py prepare`")

    if port == 0:
        port = free_port()
    elif _port_taken(port):
        raise LocalHeatError(f"port {port} on {HOST} is already taken: choose another with --port")
    user = _pg_user()
    home = _pg_home(state_dir, user)
    pg_port = free_port()
    _stop_postgres(pg_bin, home, user)  # a cluster left running by a crashed start
    state = {"port": port, "pg_port": pg_port, "pg_bin": str(pg_bin), "pg_home": str(home), "pg_user": user}
    state |= {"venv": str(venv_dir), "runner_pid": None}
    _write_state(state_dir, state)
    _start_postgres(pg_bin, home, pg_port, user)
    try:
        _write_global_environment(state_dir)
        (state_dir / "token_response.json").write_text("{}\n")
        (state_dir / "lock").mkdir(exist_ok=True)
        conf = state_dir / "heat.conf"
        conf.write_text(heat_conf_text(state_dir, venv_dir, port, pg_port))
        manage = venv_dir / "bin" / "heat-manage"
        _run([str(manage), "--config-file", str(conf), "db_sync"], None, "heat-manage db_sync", _runner_env())
        log = state_dir / "runner.log"
        with log.open("ab") as output:
            runner = subprocess.Popen(
                [str(python), str(RUNNER), "--config-file", str(conf), "--port", str(port)],
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                cwd=state_dir,
                env=_runner_env(),
                start_new_session=True,  # survives the CLI that started it; stopped by pid
            )
        state["runner_pid"] = runner.pid
        _write_state(state_dir, state)
        root_url = f"http://{HOST}:{port}"
        deadline = time.monotonic() + timeout
        while not api_answers(root_url):
            if runner.poll() is not None:
                raise LocalHeatError(
                    f"Heat's runner exited with {runner.returncode} before answering\n"
                    f"{_tail(log)}\n{_tail(state_dir / 'heat.log')}"
                )
            if time.monotonic() > deadline:
                raise LocalHeatError(
                    f"Heat did not answer GET {root_url}/ within {timeout:.0f} s\n"
                    f"{_tail(log)}\n{_tail(state_dir / 'heat.log')}"
                )
            time.sleep(0.3)
    except BaseException:
        stop(state_dir)
        raise
    clouds = state_dir / "clouds.yaml"
    running = Running(state_dir, port, pg_port, runner.pid, clouds)
    clouds.write_text(clouds_yaml_text({CLOUD_NAME: running.url}))
    return running


def _runner_env() -> dict[str, str]:
    """The environment for Heat's processes: ours, less what would leak into the venv's python."""
    return {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}


def stop(state_dir: Path | None = None, timeout: float = 20.0) -> bool:
    """Stop the runner (SIGTERM, then SIGKILL after ``timeout``) and PostgreSQL; whether anything ran."""
    state_dir = (state_dir or default_state_dir()).resolve()
    state = _read_state(state_dir)
    if not state:
        return False
    stopped = False
    pid = state.get("runner_pid")
    if _runner_alive(pid):
        stopped = True
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while _runner_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        if _runner_alive(pid):
            os.kill(pid, signal.SIGKILL)
    state["runner_pid"] = None
    _write_state(state_dir, state)
    home = Path(state["pg_home"])
    if (home / "data" / "postmaster.pid").exists():
        stopped = True
        _stop_postgres(Path(state["pg_bin"]), home, state.get("pg_user"))
    return stopped


def purge(state_dir: Path) -> None:
    """Stop, then delete ``state_dir`` and the cluster (which may live outside it, see ``_pg_home``)."""
    state_dir = state_dir.resolve()
    state = _read_state(state_dir)
    stop(state_dir)
    home = Path(state["pg_home"]) if state.get("pg_home") else None
    shutil.rmtree(state_dir, ignore_errors=True)
    if home is not None and not home.is_relative_to(state_dir):
        shutil.rmtree(home.parent, ignore_errors=True)


def status(state_dir: Path | None = None) -> dict[str, Any]:
    """What runs for ``state_dir``: ``{state_dir, runner, api, postgresql, url, clouds_yaml}``."""
    state_dir = (state_dir or default_state_dir()).resolve()
    state = _read_state(state_dir)
    port = state.get("port")
    root_url = f"http://{HOST}:{port}" if port else None
    return {
        "state_dir": str(state_dir),
        "runner": _runner_alive(state.get("runner_pid")),
        "api": bool(root_url) and api_answers(str(root_url)),
        "postgresql": bool(state) and (Path(state["pg_home"]) / "data" / "postmaster.pid").exists(),
        "url": f"{root_url}/v1/admin" if root_url else None,
        "clouds_yaml": str(state_dir / "clouds.yaml") if (state_dir / "clouds.yaml").exists() else None,
    }


# ---------------------------------------------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    prepare_parser = commands.add_parser("prepare", help="make or reuse the Heat venv")
    prepare_parser.add_argument("--venv", type=Path, help="default: $HOT_LSP_HEAT_VENV or the cache folder")
    prepare_parser.add_argument("--verbose", action="store_true", help="show pip's output")
    start_parser = commands.add_parser("start", help="start PostgreSQL and Heat on 127.0.0.1")
    start_parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"Heat API port (0: a free one; default {DEFAULT_PORT})"
    )
    start_parser.add_argument("--venv", type=Path)
    for name in ("start", "stop", "status"):
        sub = start_parser if name == "start" else commands.add_parser(name)
        sub.add_argument(
            "--state-dir", type=Path, help="default: $HOT_LSP_LOCAL_HEAT_STATE or ~/.local/state/hot-lsp/local-heat"
        )
    stop_parser = commands.choices["stop"]
    stop_parser.add_argument("--purge", action="store_true", help="also delete the state dir and the database")
    args = parser.parse_args(argv)
    try:
        if args.command == "prepare":
            began = time.monotonic()
            python = prepare(args.venv, quiet=not args.verbose)
            print(f"Heat {HEAT_VERSION} venv ready: {python.parent.parent} ({time.monotonic() - began:.1f} s)")
        elif args.command == "start":
            began = time.monotonic()
            running = start(args.state_dir, args.port, args.venv)
            print(
                f"local Heat {HEAT_VERSION} on {running.url} ({time.monotonic() - began:.1f} s; state in {running.state_dir})"
            )
            print(f"clouds.yaml: {running.clouds_yaml} (cloud `{CLOUD_NAME}`)")
            print(f"  export OS_CLIENT_CONFIG_FILE={running.clouds_yaml}")
            print(f"  hot-lsp resources --stack NAME --os-cloud {CLOUD_NAME}")
            print(f"  curl {running.root_url}/v1/admin/stacks")
            stop_args = f" --state-dir {running.state_dir}" if args.state_dir else ""
            print(f"stop it with: python3 tools/local_heat.py stop{stop_args}")
        elif args.command == "stop":
            print("stopped" if stop(args.state_dir) else "nothing was running")
            if args.purge:
                purge(args.state_dir or default_state_dir())
                print(f"deleted {(args.state_dir or default_state_dir()).resolve()}")
        else:
            found = status(args.state_dir)
            print(json.dumps(found, indent=2))
            return 0 if found["api"] else 3
    except LocalHeatError as error:
        print(f"local_heat: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
