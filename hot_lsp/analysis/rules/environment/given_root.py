"""E7019: a file the user gave as an environment whose text is not a map (a list, a bare value).

python-heatclient's ``environment_format.parse`` refuses it before anything is sent: 'The environment is not a
valid YAML mapping data type.' (an empty file is ``{}`` and fine). Such a text is no environment and no template,
so no rule unit judges it: the analysis asks this module when the user gave the file as an environment.
"""

from __future__ import annotations

from ....document import Diagnostic, Mapping, ParsedDocument
from ...codes import define
from ..phases import ENVIRONMENT

E7019 = define(
    "E7019",
    "A file given as an environment (--env, environments, hotLsp.environments) whose text is not a map (Heat: The "
    "environment is not a valid YAML mapping data type.).",
    "(a file given with --env whose text is a list, not a map: `- parameter_defaults: {flavor: m1.small}`)",
    "environment",
    slug="environment-not-a-map",
    why="python-heatclient reads an environment as a map of sections and refuses anything else: 'The environment "
    "is not a valid YAML mapping data type.'",
    instead="parameter_defaults:\n  flavor: m1.small",
    heat_step="client (python-heatclient, before the request)",
    phase=ENVIRONMENT.name,
)


def not_a_map(parsed: ParsedDocument) -> Diagnostic | None:
    """E7019 when the parsed text has a root that is not a map (nothing when it does not parse, or is empty: the
    parse errors, or Heat's ``{}``)."""
    root = parsed.root
    if root is None or isinstance(root, Mapping) or not parsed.syntax_ok or getattr(root, "value", 0) is None:
        return None
    return Diagnostic(
        E7019,
        "This file is given as an environment, but it is not a map of sections (python-heatclient: The environment "
        "is not a valid YAML mapping data type.).",
        root.start,
        max(root.end, root.start + 1) if "\n" not in parsed.text[root.start : root.end] else root.start + 1,
    )
