"""The throwaway venv the dev tools run Heat in (never a dependency of hot-lsp itself).

Both ``record_heat_results.py`` and ``gen_resource_catalogue.py`` re-execute themselves inside a venv
that holds ``openstack-heat`` and then import Heat without a database or a cloud.
"""

from __future__ import annotations

import argparse
import logging
import os
import subprocess
import sys
import venv
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

INSIDE_FLAG = "--inside-heat-venv"


def ensure_venv(directory: Path, version: str) -> Path:
    """The python of ``directory``, created and given ``openstack-heat==version`` when it lacks them."""
    python = directory / "bin" / "python"
    if not python.exists():
        print(f"creating venv {directory}", file=sys.stderr)
        venv.create(directory, with_pip=True)
    probe = "import importlib.metadata as m; print(m.version('openstack-heat'))"
    found = subprocess.run([str(python), "-c", probe], capture_output=True, text=True)
    if found.returncode != 0 or found.stdout.strip() != version:
        print(f"installing openstack-heat=={version} into {directory}", file=sys.stderr)
        subprocess.run([str(python), "-m", "pip", "install", f"openstack-heat=={version}"], check=True)
    return python


def prepare_heat_import() -> None:
    """What importing Heat outside its services needs (heat-27-facts.md §8): a threading backend chosen first.

    Older releases' oslo libraries (the catalogue generator reads every release from Wallaby on): oslo.service
    before 4 has no backends at all (eventlet is the only one), and 4.1.2 refuses 'threading' (Unknown backend);
    both then keep their default, which imports Heat as well."""
    warnings.simplefilter("ignore")  # eventlet's deprecation warning on import
    try:
        from oslo_service import backend
    except ImportError:  # oslo.service < 4
        backend = None
    if backend is not None:
        try:
            backend.init_backend(backend.BackendType.THREADING)
        except Exception as error:  # oslo.service 4.1.2 (the error type differs between its releases)
            print(f"oslo.service keeps its default backend: {error}", file=sys.stderr)
    logging.disable(logging.CRITICAL)  # Heat logs every hidden or deprecated resource type while loading


def run_in_heat_venv(script: str, description: str, version: str, work: Callable[[], None]) -> None:
    """A recording tool's ``main``: ``work()`` when run inside the venv; else make (or reuse) the venv that
    ``--venv DIR`` names, with ``openstack-heat==version``, and run ``script`` again with its python."""
    if INSIDE_FLAG in sys.argv:
        work()
        return
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--venv", default="/tmp/heat-27-venv", help="venv holding openstack-heat (created if needed)")
    args = parser.parse_args()
    python = ensure_venv(Path(args.venv), version)
    os.execv(str(python), [str(python), str(Path(script).resolve()), INSIDE_FLAG])


def request_context() -> Any:
    """A request context as Heat's engine gets one, without Keystone: all that parsing and validating a stack need."""
    from heat.common import context

    return context.RequestContext.from_dict(
        {
            "tenant_id": "test_tenant_id",
            "tenant": "test_tenant",
            "username": "test_username",
            "user_id": None,
            "password": "",
            "roles": [],
            "is_admin": False,
            "auth_url": "http://server.test:5000/v3",
            "auth_token": "abcd1234",
        }
    )
