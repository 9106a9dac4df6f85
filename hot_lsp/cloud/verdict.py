"""The cloud's own template-validate verdict on a template, as diagnostics placed where Heat's message points.

The template is sent as ``openstack orchestration template validate -t T -e E...`` sends it (``bundle``), so the
cloud judges what a ``stack create`` would give it: its Heat release, its plugins, its global environment.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..analysis.suppress import apply_suppressions
from ..document import Diagnostic, LineIndex, Node
from .bundle import bundle
from .codes import E9901
from .connection import Heat, HeatRefused
from .placing import place


def validate_on_cloud(
    heat: Heat, path: str, environments: Sequence[str], text: str, root: Node | None, lines: LineIndex
) -> list[Diagnostic]:
    """Heat's verdict on the template at ``path`` (its text ``text``, read as ``root``) with ``environments``:
    no diagnostic when it accepts it. CloudError when the cloud cannot be asked; BundleError when a file the
    template needs cannot be read."""
    body = bundle(Path(path), [Path(env) for env in environments]).request_body()
    try:
        heat.post("validate", body)
    except HeatRefused as refusal:
        if refusal.status != 400:
            raise
        message = f"The cloud '{heat.cloud}' refuses this template: {refusal.heat_message.strip()}"
        found = [Diagnostic(E9901, message, start, end) for start, end in place(refusal.heat_message, root, text)]
        return apply_suppressions(found, text, lines)
    return []
