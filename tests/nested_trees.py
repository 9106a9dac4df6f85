"""The corpus's real template trees for the nested-stack tests (resources, graph, hot/resourceList)."""

from __future__ import annotations

import shutil
from pathlib import Path

from shared_paths import CORPUS

TRIPLEO = CORPUS / "tripleo-heat-templates"
TRIPLEO_RENDERED = CORPUS / "tripleo-heat-templates-rendered"
OVERCLOUD = TRIPLEO_RENDERED / "overcloud.yaml"
REGISTRY = TRIPLEO_RENDERED / "overcloud-resource-registry-puppet.yaml"
MAGNUM_K8S = CORPUS / "magnum/magnum/drivers/k8s_fedora_coreos_v1/templates"
KUBECLUSTER = MAGNUM_K8S / "kubecluster.yaml"

# Resources listed for overcloud.yaml with its rendered registry, per --nested-depth (0, 1, MAX).
# In place, the rendered folder holds only the files generated from *.j2.yaml, so most children are missing;
# laid over the raw tree (as TripleO deploys it, MANIFEST.md), the services' templates are found too.
IN_PLACE_COUNTS = {0: 74, 1: 122, 5: 264}
OVERLAY_COUNTS = {0: 74, 1: 122, 5: 328}


def tripleo_overlay(target: Path) -> Path:
    """The raw tree with the rendered files copied over it, in ``target``; returns the folder."""
    shutil.copytree(TRIPLEO, target, dirs_exist_ok=True)
    shutil.copytree(TRIPLEO_RENDERED, target, dirs_exist_ok=True)
    return target
