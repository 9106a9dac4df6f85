"""The codes of the cloud's own verdicts (99xx): reported only when the user named a cloud."""

from __future__ import annotations

from ..analysis.codes import define

E9901 = define(
    "E9901",
    "The cloud's own Heat refused the template (template-validate, with `--os-cloud` or `hotLsp.cloud`); the "
    "message is Heat's.",
    "(a template that needs a service the cloud lacks: OS::Nova::Server on a cloud without Nova)",
    area="cloud",
    slug="cloud-refuses",
    why="The cloud's own Heat ran template-validate on it and said no: its message is shown as it is.",
    instead="(what the message asks: the type or service the cloud lacks, a parameter value...)",
    heat_step="stack validate (on the cloud named)",
    phase="cloud",
)
