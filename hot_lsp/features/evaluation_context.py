"""The evaluation that editor features (hover previews, inlay hints) share for one snapshot.

Inputs come from the settings: ``hotLsp.parameters`` (the highest precedence, shown as the source
``hotLsp.parameters``) and the environment files the server loaded for ``hotLsp.environments``;
``get_file`` reads beside the document, inside the workspace folders. The evaluation is cached on the
analysis under a key made of those inputs, so every request about the same text and settings shares
one evaluator and its memo. An evaluator is not safe on two threads at once: the server calls the features that
use it (hover previews, inlay hints) on its one feature thread only.
"""

from __future__ import annotations

import json

from ..analysis.evaluation.inputs import Inputs
from ..analysis.evaluation.render import Evaluation, evaluation
from ..analysis.result import Analysis
from ..analysis.values.file_source import DirectoryFiles
from ..analysis.values.problems import Limits
from ..document.uris import file_path
from .snapshot import Snapshot

PARAMETERS_SOURCE = "hotLsp.parameters"
# An editor request must answer quickly: a second for a whole preview, half of it for one yaql.
EDITOR_LIMITS = Limits(total_seconds=1.0, yaql_seconds=0.5)


def evaluated_analysis(snapshot: Snapshot) -> Analysis | None:
    """The analysis previews evaluate: the current one, or the last that parsed when the text does not."""
    analysis = snapshot.analysis
    if analysis.parsed.syntax_ok:
        return analysis if analysis.model is not None else None
    good = snapshot.last_good
    return good if good is not None and good.model is not None else None


def evaluation_for(snapshot: Snapshot) -> Evaluation | None:
    """The cached evaluation of the snapshot's template with the settings' inputs; None for non-templates."""
    analysis = evaluated_analysis(snapshot)
    if analysis is None:
        return None
    parameters = dict(snapshot.settings.parameters)
    inputs = Inputs(snapshot.environments, parameters, PARAMETERS_SOURCE)
    folder = document_folder(snapshot.uri)
    files = DirectoryFiles(folder, roots=snapshot.file_roots or (folder,)) if folder is not None else None
    found = evaluation(analysis, inputs, files, EDITOR_LIMITS, key=_key(snapshot, parameters, folder))
    if found is not None:
        found.evaluator.renew_budget()  # a cached evaluator serves many requests
    return found


def document_folder(uri: str) -> str | None:
    """The folder of a ``file:`` document (None for untitled and remote documents)."""
    path = file_path(uri)
    if path is None:
        return None
    folder = path.rsplit("/", 1)[0]
    return folder or "/"


def _key(snapshot: Snapshot, parameters: dict[str, object], folder: str | None) -> str:
    try:
        given = json.dumps(parameters, sort_keys=True, default=str)
    except (TypeError, ValueError):
        given = repr(sorted(parameters.items(), key=lambda item: str(item[0])))
    environments = ";".join(f"{env.name}#{id(env)}" for env in snapshot.environments)
    roots = ";".join(snapshot.file_roots)
    return f"editor|{given}|{environments}|{folder}|{roots}"
