"""The throwaway venv the dev tools run Heat in (never a dependency of hot-lsp itself).

Both ``record_heat_results.py`` and ``gen_resource_catalogue.py`` re-execute themselves inside a venv
that holds ``openstack-heat`` and then import Heat without a database or a cloud.
"""

from __future__ import annotations

import logging
import subprocess
import sys
import venv
import warnings
from pathlib import Path

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
    """What importing Heat outside its services needs (heat-27-facts.md §8): a threading backend chosen first."""
    warnings.simplefilter("ignore")  # eventlet's deprecation warning on import
    from oslo_service import backend

    backend.init_backend(backend.BackendType.THREADING)
    logging.disable(logging.CRITICAL)  # Heat logs every hidden or deprecated resource type while loading
