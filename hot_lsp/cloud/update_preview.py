"""``hot-lsp preview TEMPLATE --stack NAME`` and the editor's ``hot-lsp.preview``: what updating the deployed stack to TEMPLATE does, as Heat's real
update decides it: the offline procedure (``analysis/update``) with the deployed stack as the old side (its
template, files, environment and parameter values read back from Heat: ``cloud/deployed.py``) and its resources'
statuses, which the procedure weighs as Heat does (``analysis/update/statuses.py``: a FAILED or never-created
resource is replaced whatever the edit, and what reads it follows; a FAILED nested stack is updated and its own
resources decide; a FAILED server, volume or Neutron resource is undecided: Heat asks its service).

Heat's preview API answers otherwise where it resolves the new template as if nothing existed: ``--heat-preview``
shows its answer, with a column saying where the real update differs and why.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..analysis.update.procedure import StackVersion, UpdatePreview, preview_update
from ..analysis.update.sides import disk_files
from ..analysis.update.statuses import Deployed
from ..analysis.values.file_source import FileRead
from ..spec import Catalogue

# The deployed side's files live under a folder of their own, so no path of the user's can meet them.
DEPLOYED = os.path.join(os.sep, "hot-lsp-deployed-stack")
DEPLOYED_TEMPLATE = os.path.join(DEPLOYED, "template.yaml")
DEPLOYED_ENVIRONMENT = os.path.join(DEPLOYED, "environment.yaml")


class DeployedFiles:
    """The deployed stack's files as a file source: the template and environment Heat gave back, and the files
    sent with it, by the ``file://`` URL or the path they were sent under."""

    def __init__(self, template: str, environment: str, files: Mapping[str, str]) -> None:
        self._texts = {DEPLOYED_TEMPLATE: template, DEPLOYED_ENVIRONMENT: environment}
        for key, text in files.items():
            self._texts[key] = text
            if key.startswith("file://"):
                self._texts[os.path.normpath(key[len("file://") :])] = text

    def read(self, path: str) -> FileRead:
        for key in (path, os.path.normpath(path), os.path.basename(path)):
            if key in self._texts:
                return FileRead(self._texts[key])
        return FileRead(None, f"{path} was not sent with the deployed stack")


def deployed_version(deployed: Any) -> StackVersion:
    """The old side: the deployed stack (``cloud.deployed.DeployedStack``) as Heat keeps it."""
    environment = deployed.environment_text(without=deployed.masked)
    files = DeployedFiles(deployed.template_text(), environment, deployed.files)
    return StackVersion(DEPLOYED_TEMPLATE, files, (DEPLOYED_ENVIRONMENT,), {}, deployed.template_text())


def exact_preview(
    deployed: Any,
    template: str,
    environments: Sequence[str],
    parameters: Mapping[str, str],
    catalogue: Catalogue | None = None,
) -> UpdatePreview:
    """What updating ``deployed`` to ``template`` (with ``environments`` and ``parameters``) does. A hidden
    parameter, whose deployed value Heat does not show, is taken as unchanged unless given anew."""
    old = deployed_version(deployed)
    given = dict(parameters)
    masked = [name for name in deployed.masked if name not in given]
    new = StackVersion(template, disk_files(), tuple(environments), given)
    held = {path: Deployed(status, path in deployed.created) for path, status in deployed.statuses.items()}
    found = preview_update(old, new, catalogue, held)
    if masked:
        found.notes.append(
            "hidden parameter(s) "
            + ", ".join(masked)
            + ": Heat does not show their deployed values; taken as unchanged"
        )
    return found


class UpdateRefused(Exception):
    """Heat would refuse the whole update (an immutable parameter changed): its words."""


def preview_answer(
    heat: Any, path: str, environments: Sequence[str], parameters: Mapping[str, str], stack: str | None
) -> dict[str, Any]:
    """The editor's ``hot-lsp.preview``: with ``stack``, the real update's answer (Heat's preview API asked first,
    since it validates the new stack: a 400 refuses it); without, Heat's create preview."""
    from pathlib import Path

    from .bundle import bundle
    from .deployed import deployed_stack
    from .stacks import default_stack_name, preview_create, preview_update

    bundled = bundle(Path(path), [Path(env) for env in environments])
    if not stack:
        return preview_create(heat, bundled, default_stack_name(path), parameters)
    preview_update(heat, bundled, stack, parameters)
    found = exact_preview(deployed_stack(heat, stack), path, environments, parameters)
    if found.refused:
        raise UpdateRefused(f"Heat refuses this update: {found.refused}")
    return found.as_json()
