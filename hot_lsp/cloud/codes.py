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

E9903 = define(
    "E9903",
    "A resource of the deployed stack mapped to this template (`hotLsp.stacks`) is FAILED: Heat's reason, on the "
    "entry that declares it and on the entries of the stacks above it.",
    "(a stack whose `OS::Heat::TestResource` with `fail: true` made its create fail)",
    area="cloud",
    slug="deployed-resource-failed",
    why="The stack deployed from this template failed there: `openstack stack failures list` names the resource, "
    "and this puts Heat's reason on its line, down the nested templates.",
    instead="(what the reason asks; then update the stack, and the diagnostic goes when the stack no longer fails)",
    heat_step="stack create or update (on the cloud named, already done)",
    phase="cloud",
)
