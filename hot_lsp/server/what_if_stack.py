"""The editor's what-if against the deployed stack (``hotLsp.whatIf.against: "stack"``): the template as saved
against the stack ``hotLsp.stacks`` maps it to, read back from ``hotLsp.cloud`` (``cloud/deployed.py``) and
decided as Heat's real update decides (``cloud/update_preview.exact_preview``), on the cloud's background threads.
Asked on open and save only (``what_if.py``), never per keystroke."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..features.snapshot import Snapshot
    from ..features.what_if import WhatIf

STACK = "stack"


async def compare_with_stack(
    ls: Any,  # the session
    uri: str,
    snapshot: Snapshot,
    path: str,
    environments: Sequence[str],
    parameters: Mapping[str, Any],
) -> WhatIf | str | None:
    """The saved file at ``path`` against its mapped stack; a string says why there is no answer."""
    from ..features.what_if import WhatIf
    from .cloud import parameter_texts

    cloud, stack = ls.settings.cloud, ls.cloud.stack_of(uri)
    if not cloud or stack is None:
        return f"{uri}: no stack is mapped to it (hotLsp.stacks, with hotLsp.cloud): no what-if against a stack"
    catalogue = snapshot.catalogue
    texts = parameter_texts(dict(parameters))

    def ask() -> Any:
        from ..cloud.deployed import deployed_stack
        from ..cloud.update_preview import exact_preview

        deployed = deployed_stack(ls.cloud.connection(cloud), stack)
        return exact_preview(deployed, path, environments, texts, catalogue)

    try:
        preview = await ls.cloud.in_background(cloud, ask)
    except Exception as error:
        if type(error).__name__ == "SideError":
            return f"{uri} against stack '{stack}': {error}"
        ls.cloud.said_failure(cloud, error, uri=uri)
        return None
    ls.cloud.succeeded(cloud)
    return WhatIf(STACK, preview)
