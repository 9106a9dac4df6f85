"""The cloud's own template-validate verdict on a template, as diagnostics placed where Heat's message points.

The template is sent as ``openstack orchestration template validate -t T -e E...`` sends it (``bundle``), so the
cloud judges what a ``stack create`` would give it: its Heat release, its plugins, its global environment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..analysis.suppress import apply_suppressions
from ..document import Diagnostic, LineIndex, parse
from . import answers
from .bundle import bundle
from .codes import E9901
from .connection import Heat, HeatRefused
from .placing import place


@dataclass(frozen=True, slots=True)
class Verdict:
    """Heat's refusals as diagnostics, and the lines of the text they are placed in (None when it accepted)."""

    found: list[Diagnostic]
    lines: LineIndex | None


def validate_on_cloud(heat: Heat, path: str, environments: Sequence[str]) -> Verdict:
    """Heat's verdict on the template at ``path`` with ``environments``. The file is read again, and parsed, only
    when Heat refuses it, to place the refusal. CloudError when the cloud cannot be asked; BundleError when a file
    the template needs cannot be read; OSError when the template itself cannot."""
    body = bundle(Path(path), [Path(env) for env in environments]).request_body()
    try:
        heat.ask(answers.VALIDATE, "POST", "validate", body=body)  # Heat's shape of an acceptance, else NotHeat
    except HeatRefused as refusal:
        if refusal.status != 400:
            raise
        with open(path, encoding="utf-8-sig") as handle:
            text = handle.read()
        parsed = parse(text)
        message = f"The cloud '{heat.cloud}' refuses this template: {refusal.heat_message.strip()}"
        spans = place(refusal.heat_message, parsed.root, text)
        found = [Diagnostic(E9901, message, start, end) for start, end in spans]
        return Verdict(apply_suppressions(found, text, parsed.lines), parsed.lines)
    return Verdict([], None)
