"""7xxx: ``get_file`` targets that are not there.

python-heatclient reads every ``get_file`` target before it sends a template (``urljoin`` with the template's
location, so a relative path is taken from the template's folder) and fails when one cannot be read, wherever the
call is (an output, an `if` branch never taken): Heat itself only ever sees the ``files`` map. So a missing target
is an error: ``openstack stack create`` cannot send the template (issue 14; the harness confirms it). URLs are never
fetched and absolute paths outside the folders hot-lsp reads are not looked for, so neither is reported.
"""

from __future__ import annotations

from ....document import Scalar
from ...codes import define
from ..context import RuleContext
from ..phases import CROSS_FILE

PHASE = CROSS_FILE  # (rules/phases.py: when this unit runs)

E7014 = define(
    "E7014",
    "A `get_file` target that does not exist (the path looked for is named): relative paths are taken from the "
    "template's folder; URLs and absolute paths outside the folders hot-lsp reads are not looked for.",
    "resources:\n  config:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config: {get_file: missing.sh}",
    "cross_file",
    slug="get-file-missing",
    why="python-heatclient reads every get_file target, wherever the call is, before it sends the template: a "
    "missing one stops the request ('Could not fetch contents for the file').",
    instead="      config: {get_file: scripts/configure.sh}  # a file that exists, relative to the template",
    heat_step="client (python-heatclient, before the request)",
    phase=PHASE.name,
)


def check(context: RuleContext) -> None:
    model, report, around = context.model, context.report, context.around
    assert around is not None  # (the phase runs only with files around)
    if around.document_path is None:
        return  # an unsaved buffer has no folder to start from
    looked_for: dict[str, bool] = {}
    for call in model.calls:
        if call.name != "get_file" or not (isinstance(call.args, Scalar) and isinstance(call.args.value, str)):
            continue  # a function as the argument: the evaluation rules judge what it gives
        written = call.args.value
        path = around.file_path(written, around.document_path)
        if path is None:
            continue
        if path not in looked_for:
            looked_for[path] = around.exists(path)
        if looked_for[path]:
            continue
        report(
            E7014,
            call.args,
            f"`{written}` does not exist: looked for {path}. python-heatclient reads get_file targets before it "
            "sends the template, so until the file is there it cannot send it (Could not fetch contents for the "
            "file).",
        )
