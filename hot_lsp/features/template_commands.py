"""What the server's ``hot-lsp.render`` command computes for one open document: ``hot-lsp render`` of its text
(unsaved edits included), through the same function (:func:`~hot_lsp.analysis.evaluation.render_text.render_text`).

Inputs as the editor's other previews take them: the environment files of ``hotLsp.environments``, and the values
the command names (``parameters``), else those of ``hotLsp.parameters`` that the template declares (the setting
serves every template: a name another template declares is no error here); ``get_file`` reads beside the document,
inside the workspace folders.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..analysis.evaluation.inputs import Inputs
from ..analysis.evaluation.render_text import RenderFormat, render_text
from ..analysis.values.file_source import DirectoryFiles
from .evaluation_context import document_folder
from .snapshot import Snapshot


def render_document(
    snapshot: Snapshot, parameters: Mapping[str, Any] | None, fmt: RenderFormat, with_defaults: bool = False
) -> str:
    """The rendered text of the snapshot's template (the caller checked it is one, and the parameters' names)."""
    model = snapshot.analysis.model
    assert model is not None
    if parameters is None:
        parameters = {name: value for name, value in snapshot.settings.parameters.items() if name in model.parameters}
    folder = document_folder(snapshot.uri)
    files = DirectoryFiles(folder, roots=snapshot.file_roots or (folder,)) if folder is not None else None
    inputs = Inputs(snapshot.environments, dict(parameters), "-P")
    return render_text(snapshot.analysis, inputs, files, fmt, with_defaults).text
